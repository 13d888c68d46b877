import { makeStyles, mergeClasses, Subtitle2, shorthands, Text, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    maxWidth: '560px',
    padding: tokens.spacingHorizontalXL,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
    borderRadius: tokens.borderRadiusXLarge,
    backgroundColor: tokens.colorNeutralBackground1,
    boxShadow: tokens.shadow2,
    '@media (max-width: 480px)': { padding: tokens.spacingHorizontalL },
  },
  danger: { ...shorthands.borderColor(tokens.colorPaletteRedBorder2) },
  head: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXXS, '& > *': { margin: 0 } },
  description: { color: tokens.colorNeutralForeground3 },
});

interface Props {
  title: string;
  description: ReactNode;
  /** A red border, for the Danger zone. */
  danger?: boolean;
  children: ReactNode;
}

/** The card each settings tab shows its content in. */
export function SettingsSection({ title, description, danger = false, children }: Props) {
  const styles = useStyles();
  return (
    <section className={mergeClasses(styles.root, danger && styles.danger)} aria-label={title}>
      <div className={styles.head}>
        <Subtitle2 as="h2">{title}</Subtitle2>
        <Text className={styles.description}>{description}</Text>
      </div>
      {children}
    </section>
  );
}
