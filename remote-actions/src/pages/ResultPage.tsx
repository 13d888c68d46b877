import { makeStyles, Text, Title2 } from '@fluentui/react-components';
import { ArrowLeftRegular, CheckmarkCircleFilled } from '@fluentui/react-icons';
import { isAlertAction } from '@vigil/shared';
import { Link, Redirect, useLocation, useParams } from 'wouter';
import { ACTION_TEXT } from '../components/alertLabels';
import { CardSurface } from '../components/CardSurface';
import { useLinkToken, withLinkToken } from '../components/linkCalls';
import { PublicFrame } from '../components/PublicFrame';
import { tokens } from '../components/themeTokens';
import { useResultStyles } from './resultStyles';

const useStyles = makeStyles({
  icon: { fontSize: '56px', color: tokens.colorPaletteGreenForeground1 },
});

/**
 * /acknowledge/:alertId, /escalate/:alertId, /close/:alertId — the confirmation after an
 * action. The action is the path's first segment (one exposed page serves the three routes).
 */
export default function ResultPage() {
  const styles = { ...useResultStyles(), ...useStyles() };
  const { alertId = '' } = useParams();
  const action = useLocation()[0].split('/')[1];
  // The link's token goes Back with the visitor: the action page needs it again.
  const back = withLinkToken(`/actions/${encodeURIComponent(alertId)}`, useLinkToken());
  if (!isAlertAction(action)) return <Redirect to={back} replace />;
  const text = ACTION_TEXT[action];
  return (
    <PublicFrame>
      <CardSurface className={styles.card}>
        <CheckmarkCircleFilled className={styles.icon} aria-hidden />
        <Title2 as="h1" className={styles.title}>
          {text.done}
        </Title2>
        <Text className={styles.explanation}>{text.explanation}</Text>
        <Link href={back} className={styles.back}>
          <ArrowLeftRegular aria-hidden />
          Back
        </Link>
      </CardSurface>
    </PublicFrame>
  );
}
