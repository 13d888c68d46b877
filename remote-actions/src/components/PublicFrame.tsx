import { makeStyles, Text } from '@fluentui/react-components';
import { AlertUrgentFilled } from '@fluentui/react-icons';
import type { ReactNode } from 'react';
import { tokens } from './themeTokens';

const useStyles = makeStyles({
  root: {
    minHeight: '100vh',
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    gap: tokens.spacingVerticalXL,
    // Centred, a little above the middle on tall screens; from the top on phones.
    paddingTop: 'max(32px, 10vh)',
    paddingBottom: tokens.spacingVerticalXXXL,
    paddingInline: tokens.spacingHorizontalL,
    backgroundColor: tokens.colorNeutralBackground2,
  },
  brand: {
    display: 'flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalS,
    color: tokens.colorBrandForeground1,
  },
  brandIcon: { fontSize: '28px' },
  brandName: { fontWeight: tokens.fontWeightSemibold, fontSize: tokens.fontSizeBase500, letterSpacing: '0.02em' },
  main: { width: '100%', maxWidth: '520px', display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalL },
  footer: { color: tokens.colorNeutralForeground3, textAlign: 'center', maxWidth: '520px' },
});

/**
 * The frame of the public action pages, reached from notification links by people who may
 * not be signed in: no console chrome, just the brand and one centred column.
 */
export function PublicFrame({ children, footer }: { children: ReactNode; footer?: ReactNode }) {
  const styles = useStyles();
  return (
    <div className={styles.root}>
      <header className={styles.brand}>
        <AlertUrgentFilled className={styles.brandIcon} aria-hidden />
        <span className={styles.brandName}>Vigil</span>
      </header>
      <main className={styles.main}>{children}</main>
      {footer && (
        <Text size={200} className={styles.footer}>
          {footer}
        </Text>
      )}
    </div>
  );
}
