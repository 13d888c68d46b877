import { Body1, makeStyles, Title1, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular } from '@fluentui/react-icons';
import { Logo } from '../layout/Logo';
import { RouterButtonLink } from '../layout/RouterLink';

const useStyles = makeStyles({
  root: {
    minHeight: '100vh',
    boxSizing: 'border-box',
    display: 'flex',
    flexDirection: 'column',
    alignItems: 'center',
    justifyContent: 'center',
    gap: tokens.spacingVerticalL,
    padding: tokens.spacingHorizontalXL,
    textAlign: 'center',
    backgroundColor: tokens.colorNeutralBackground2,
  },
  code: {
    fontSize: '96px',
    lineHeight: 1,
    fontWeight: tokens.fontWeightBold,
    color: tokens.colorBrandForeground1,
    letterSpacing: '-0.02em',
    '@media (max-width: 479px)': { fontSize: '72px' },
  },
  heading: { margin: 0 },
  message: { color: tokens.colorNeutralForeground2, maxWidth: '360px' },
  logo: { marginBottom: tokens.spacingVerticalXL },
});

/** Any unknown route (docs/product.md §2.10). */
export default function NotFoundPage() {
  const styles = useStyles();
  return (
    <main className={styles.root}>
      <Logo className={styles.logo} />
      <div className={styles.code}>404</div>
      <Title1 as="h1" className={styles.heading}>
        Oops!
      </Title1>
      <Body1 className={styles.message}>The page you are looking for was not found.</Body1>
      <RouterButtonLink to="/" appearance="primary" size="large" icon={<ArrowLeftRegular />}>
        Go Back
      </RouterButtonLink>
    </main>
  );
}
