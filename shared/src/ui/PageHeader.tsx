import { makeStyles, Text, Title2, tokens } from '@fluentui/react-components';
import type { ReactNode } from 'react';

const useStyles = makeStyles({
  root: {
    display: 'flex',
    alignItems: 'flex-end',
    justifyContent: 'space-between',
    flexWrap: 'wrap',
    gap: tokens.spacingHorizontalM,
    marginBottom: tokens.spacingVerticalL,
  },
  text: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS, minWidth: 0 },
  title: { margin: 0 },
  description: { color: tokens.colorNeutralForeground3 },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
});

export interface PageHeaderProps {
  /** The page's `<h1>`, e.g. 'Alerts'. */
  title: string;
  description?: ReactNode;
  /** Buttons on the right (they wrap under the title on narrow screens). */
  actions?: ReactNode;
}

/** The heading row of a console page. */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  const styles = useStyles();
  return (
    <header className={styles.root}>
      <div className={styles.text}>
        <Title2 as="h1" className={styles.title}>
          {title}
        </Title2>
        {description && <Text className={styles.description}>{description}</Text>}
      </div>
      {actions && <div className={styles.actions}>{actions}</div>}
    </header>
  );
}
