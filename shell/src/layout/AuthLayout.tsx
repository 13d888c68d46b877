import { Body1, Button, makeStyles, Spinner, Title2, tokens } from '@fluentui/react-components';
import { useHydrated } from '@vigil/shared';
import type { FormEvent, ReactNode } from 'react';
import { Logo } from './Logo';

const useStyles = makeStyles({
  root: {
    minHeight: '100vh',
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalXL,
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalL}`,
    backgroundColor: tokens.colorNeutralBackground2,
    backgroundImage: `radial-gradient(circle at 50% 0%, ${tokens.colorBrandBackground2} 0, transparent 55%)`,
    '@media (max-width: 479px)': { justifyContent: 'flex-start', padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalM}` },
  },
  card: {
    boxSizing: 'border-box',
    width: '100%',
    maxWidth: '420px',
    display: 'flex',
    flexDirection: 'column',
    gap: tokens.spacingVerticalL,
    padding: `${tokens.spacingVerticalXXL} ${tokens.spacingHorizontalXXL}`,
    backgroundColor: tokens.colorNeutralBackground1,
    borderRadius: tokens.borderRadiusXLarge,
    boxShadow: tokens.shadow16,
    '@media (max-width: 479px)': { padding: `${tokens.spacingVerticalXL} ${tokens.spacingHorizontalL}` },
  },
  header: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalXS },
  title: { margin: 0 },
  subtitle: { color: tokens.colorNeutralForeground3 },
  footer: { textAlign: 'center', color: tokens.colorNeutralForeground2 },
});

interface Props {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Under the card: links to the other auth pages. */
  footer?: ReactNode;
}

/** The frame of the public auth pages: logo, a card with a heading, and links under it. */
export function AuthLayout({ title, subtitle, children, footer }: Props) {
  const styles = useStyles();
  return (
    <main className={styles.root}>
      <Logo size="large" />
      <section className={styles.card} aria-labelledby="auth-title">
        <div className={styles.header}>
          <Title2 as="h1" id="auth-title" className={styles.title}>
            {title}
          </Title2>
          {subtitle && <Body1 className={styles.subtitle}>{subtitle}</Body1>}
        </div>
        {children}
      </section>
      {footer && <Body1 className={styles.footer}>{footer}</Body1>}
    </main>
  );
}

const useFormStyles = makeStyles({
  // A fieldset's own frame removed: it only groups the controls (AuthForm).
  form: { display: 'flex', flexDirection: 'column', gap: tokens.spacingVerticalM, border: 'none', margin: 0, padding: 0, minWidth: 0 },
  submit: { marginTop: tokens.spacingVerticalS, width: '100%' },
  // A new-password field and its strength meter read as one block.
  passwordGroup: { display: 'flex', flexDirection: 'column' },
  row: { display: 'flex', justifyContent: 'flex-end', marginTop: `calc(-1 * ${tokens.spacingVerticalXS})` },
});

/** Styles the auth forms share. */
export const useAuthFormStyles = useFormStyles;

/**
 * An auth page's form. Its controls stay disabled until the page is hydrated: the page is
 * prerendered (docs/console/prerendered-pages.md) and paints before its JavaScript, but what is typed before
 * React runs would not reach the form's state, and a native submission would put the fields in
 * the URL. Disabled through the fieldset, so Fluent's look is unchanged (no disabled styling
 * flashes in and out), while the browser and assistive technology know they are not ready yet.
 */
export function AuthForm({ onSubmit, children }: { onSubmit: (event: FormEvent<HTMLFormElement>) => void; children: ReactNode }) {
  const styles = useFormStyles();
  const hydrated = useHydrated();
  return (
    <form onSubmit={onSubmit} noValidate>
      <fieldset className={styles.form} disabled={!hydrated}>
        {children}
      </fieldset>
    </form>
  );
}

/** The full-width submit button of an auth form, with a spinner while its request runs. */
export function AuthSubmitButton({ pending, children }: { pending: boolean; children: ReactNode }) {
  const styles = useFormStyles();
  return (
    <Button
      className={styles.submit}
      type="submit"
      appearance="primary"
      size="large"
      disabled={pending}
      icon={pending ? <Spinner size="tiny" /> : undefined}
    >
      {children}
    </Button>
  );
}
