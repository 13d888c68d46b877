import { makeStyles, Text, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    textAlign: 'center',
    gap: tokens.spacingVerticalS,
    paddingBlock: tokens.spacingVerticalXXXL,
    paddingInline: tokens.spacingHorizontalL,
    border: `${tokens.strokeWidthThin} dashed ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  icon: {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'center',
    width: '56px',
    height: '56px',
    borderRadius: tokens.borderRadiusCircular,
    backgroundColor: tokens.colorBrandBackground2,
    color: tokens.colorBrandForeground2,
    fontSize: '28px',
    marginBottom: tokens.spacingVerticalS,
  },
  title: { margin: 0, textAlign: 'center' },
  description: { color: tokens.colorNeutralForeground3, maxWidth: '44ch', textAlign: 'center' },
});

export interface EmptyStateProps {
  /** The spec's sentence, e.g. "You don't have any alerts yet". */
  title: string;
  description?: ReactNode;
  icon?: ReactNode;
  /** E.g. a button to create the first item. */
  action?: ReactNode;
}

/** What a list shows instead of an empty table. */
export function EmptyState({ title, description, icon, action }: EmptyStateProps) {
  const styles = useStyles();
  return (
    <section className={styles.root} aria-label={title}>
      {icon && (
        <span className={styles.icon} aria-hidden="true">
          {icon}
        </span>
      )}
      <Text as="h2" size={500} weight="semibold" className={styles.title}>
        {title}
      </Text>
      {description && <Text className={styles.description}>{description}</Text>}
      {action}
    </section>
  );
}
