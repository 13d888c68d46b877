import { makeStyles, Text, Title2 } from '@fluentui/react-components';
import { ArrowLeftRegular, ErrorCircleRegular } from '@fluentui/react-icons';
import { Link, Redirect, useParams } from 'wouter';
import { ACTION_REFUSED_TITLE } from '../components/alertLabels';
import { CardSurface } from '../components/CardSurface';
import { useLinkToken, withLinkToken } from '../components/linkCalls';
import { PublicFrame } from '../components/PublicFrame';
import { tokens } from '../components/themeTokens';
import { usePageData } from '../public/pageData';
import { useResultStyles } from './resultStyles';

const useStyles = makeStyles({
  icon: { fontSize: '56px', color: tokens.colorStatusDangerForeground1 },
});

/**
 * /actions/:alertId/:action — the answer to a button's form post (a page without JavaScript)
 * whose action was refused: the error toast's title and text (docs/product.md §8), as a page, and Back.
 * Reached only through the server (a success is sent on to its confirmation page); anything
 * else here goes back to the alert.
 */
export default function ActionFailedPage() {
  const styles = { ...useResultStyles(), ...useStyles() };
  const { alertId = '' } = useParams();
  const back = withLinkToken(`/actions/${encodeURIComponent(alertId)}`, useLinkToken());
  const failure = usePageData()?.actionFailure;
  if (!failure) return <Redirect to={back} replace />;
  return (
    <PublicFrame>
      <CardSurface className={styles.card} role="alert">
        <ErrorCircleRegular className={styles.icon} aria-hidden />
        <Title2 as="h1" className={styles.title}>
          {ACTION_REFUSED_TITLE}
        </Title2>
        <Text className={styles.explanation}>{failure.detail}</Text>
        <Link href={back} className={styles.back}>
          <ArrowLeftRegular aria-hidden />
          Back
        </Link>
      </CardSurface>
    </PublicFrame>
  );
}
