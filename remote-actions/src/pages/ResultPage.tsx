import { makeStyles, shorthands, Text, Title2, tokens } from '@fluentui/react-components';
import { ArrowLeftRegular, CheckmarkCircleFilled } from '@fluentui/react-icons';
import { isAlertAction } from '@vigil/shared';
import { Link, Redirect, useLocation, useParams } from 'wouter';
import { ACTION_TEXT } from '../components/alertLabels';
import { CardSurface } from '../components/CardSurface';
import { useLinkToken, withLinkToken } from '../components/linkCalls';
import { PublicFrame } from '../components/PublicFrame';

const useStyles = makeStyles({
  card: {
    alignItems: 'center',
    textAlign: 'center',
    gap: tokens.spacingVerticalM,
    paddingBlock: tokens.spacingVerticalXXXL,
    paddingInline: tokens.spacingHorizontalXL,
  },
  icon: { fontSize: '56px', color: tokens.colorPaletteGreenForeground1 },
  title: { margin: 0 },
  explanation: { display: 'block', color: tokens.colorNeutralForeground2, maxWidth: '40ch' },
  // A router link (no page reload) that looks like a Fluent secondary button.
  back: {
    display: 'inline-flex',
    alignItems: 'center',
    gap: tokens.spacingHorizontalSNudge,
    marginTop: tokens.spacingVerticalS,
    minHeight: '32px',
    paddingInline: tokens.spacingHorizontalM,
    borderRadius: tokens.borderRadiusMedium,
    border: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke1}`,
    backgroundColor: tokens.colorNeutralBackground1,
    color: tokens.colorNeutralForeground1,
    fontWeight: tokens.fontWeightSemibold,
    fontSize: tokens.fontSizeBase300,
    textDecorationLine: 'none',
    ':hover': { backgroundColor: tokens.colorNeutralBackground1Hover, ...shorthands.borderColor(tokens.colorNeutralStroke1Hover) },
    ':focus-visible': { outline: `${tokens.strokeWidthThick} solid ${tokens.colorStrokeFocus2}`, outlineOffset: '2px' },
  },
});

/**
 * /acknowledge/:alertId, /escalate/:alertId, /close/:alertId — the confirmation after an
 * action. The action is the path's first segment (one exposed page serves the three routes).
 */
export default function ResultPage() {
  const styles = useStyles();
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
