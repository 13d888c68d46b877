import { makeStyles, Text, Title2, Title3 } from '@fluentui/react-components';
import { ArrowTrendingRegular, CheckmarkRegular, DismissCircleRegular, ErrorCircleRegular } from '@fluentui/react-icons';
import { ALERT_ACTIONS, type AlertAction, type AlertPublic, ApiError, errorText, getToken, useHydrated } from '@vigil/shared';
import type { MouseEvent, ReactElement } from 'react';
import { useLocation, useParams } from 'wouter';
import { ActionButton } from '../components/ActionButton';
import { ACTION_TEXT, LOAD_FAILED, SEVERITY_COLOR, STATE_COLOR, severityLabel, stateLabel } from '../components/alertLabels';
import { CardSurface } from '../components/CardSurface';
import { type EscalationNext, escalationNextText } from '../components/escalationNext';
import { LazySpinner } from '../components/LazySpinner';
import { publicApi, useLinkToken, withLinkToken } from '../components/linkCalls';
import { PublicFrame } from '../components/PublicFrame';
import { usePublicAlert, usePublicAlertAction } from '../components/publicAlert';
import { StatusBadge } from '../components/StatusBadge';
import { tokens } from '../components/themeTokens';
import { useEnsureToaster } from '../components/toasterOnDemand';
import { usePageData } from '../public/pageData';

const ACTION_ICON: Record<AlertAction, ReactElement> = {
  acknowledge: <CheckmarkRegular />,
  escalate: <ArrowTrendingRegular />,
  close: <DismissCircleRegular />,
};

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL, gap: tokens.spacingVerticalL },
  eyebrow: { display: 'block', color: tokens.colorNeutralForeground3, textTransform: 'uppercase', letterSpacing: '0.06em' },
  title: { overflowWrap: 'anywhere', margin: 0 },
  description: { color: tokens.colorNeutralForeground2, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' },
  noDescription: { color: tokens.colorNeutralForeground4, fontStyle: 'italic' },
  facts: {
    display: 'grid',
    gridTemplateColumns: 'max-content 1fr',
    columnGap: tokens.spacingHorizontalL,
    rowGap: tokens.spacingVerticalS,
    alignItems: 'center',
    margin: 0,
  },
  term: { color: tokens.colorNeutralForeground3 },
  detail: { margin: 0 },
  actions: {
    display: 'grid',
    gridTemplateColumns: 'repeat(3, 1fr)',
    // Stacked full width on phones, where three side by side would squeeze the labels.
    '@media (max-width: 479px)': { gridTemplateColumns: '1fr' },
    gap: tokens.spacingHorizontalS,
    paddingTop: tokens.spacingVerticalS,
    borderTop: `${tokens.strokeWidthThin} solid ${tokens.colorNeutralStroke2}`,
  },
  failed: { alignItems: 'center', textAlign: 'center', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalXXL },
  failedIcon: { fontSize: '48px', color: tokens.colorStatusDangerForeground1 },
  failedTitle: { margin: 0 },
  hint: { display: 'block', color: tokens.colorNeutralForeground3 },
  center: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalXXXL },
});

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * The browser's locale and time zone once hydrated; before that (the server's HTML, and the
 * hydrating render that must match it) a fixed UTC form that reads the same everywhere.
 */
function RaisedAt({ iso }: { iso: string }) {
  const date = new Date(iso);
  const text = useHydrated() ? dateFormat.format(date) : `${date.toISOString().slice(0, 16).replace('T', ' ')} UTC`;
  return <time dateTime={iso}>{text}</time>;
}

/** Where a button posts without JavaScript (the API's form route): the link's token goes with it. */
const formAction = (id: string, which: AlertAction, linkToken: string | null) =>
  withLinkToken(`/actions/${encodeURIComponent(id)}/${which}`, linkToken);

/** /actions/:alertId — the public page of a notification link: the alert and its three actions. */
export default function ActionsPage() {
  const styles = useStyles();
  const { alertId } = useParams();
  const linkToken = useLinkToken();
  // The server's refusal (404, 403…) when it rendered this page: shown as it was, not asked again.
  // A signed-in owner without a link is refused by the server (it never sees the browser's
  // session) when signed links are required: once hydrated, the page asks again with the session.
  const pageData = usePageData();
  const askWithSession = useHydrated() && !linkToken && Boolean(getToken()) && pageData?.failure?.status === 403;
  const serverFailure = pageData?.alertId === alertId && !askWithSession ? pageData?.failure : undefined;
  const alert = usePublicAlert(serverFailure ? undefined : alertId, { client: publicApi, linkToken });
  // A 403 is about the link (expired, not valid, or a signed one required): say which.
  const refused = serverFailure ? serverFailure.status === 403 : alert.error instanceof ApiError && alert.error.status === 403;
  const refusal = serverFailure ? serverFailure.detail : errorText(alert.error);

  if (alert.data) {
    return (
      <PublicFrame footer="Anyone with this link can act on this alert.">
        <AlertCard alert={alert.data} linkToken={linkToken} />
      </PublicFrame>
    );
  }
  return (
    <PublicFrame>
      {alert.isPending && alertId && !serverFailure ? (
        <div className={styles.center}>
          <LazySpinner label="Loading alert…" />
        </div>
      ) : (
        <CardSurface className={styles.failed} role="alert">
          <ErrorCircleRegular className={styles.failedIcon} aria-hidden />
          <Title3 as="h1" className={styles.failedTitle}>
            {LOAD_FAILED}
          </Title3>
          <Text className={styles.hint}>
            {refused
              ? `${refusal}. Open the alert from its latest notification, or sign in to Vigil.`
              : 'Check the link in your notification: it may be incomplete, or the alert may have been deleted.'}
          </Text>
        </CardSurface>
      )}
    </PublicFrame>
  );
}

function AlertCard({ alert, linkToken }: { alert: AlertPublic; linkToken: string | null }) {
  const styles = useStyles();
  const [, navigate] = useLocation();
  const ensureToaster = useEnsureToaster();
  const action = usePublicAlertAction(publicApi);
  // Answered by GET /alert/{id} (and the server's render), not by the list shapes: null once closed.
  const next = (alert as AlertPublic & { escalation_next?: EscalationNext | null }).escalation_next;

  // Only a press acts, never the page load (mail scanners open links); a failure (409 'Alert is
  // closed', 403 of a link that no longer acts) stays here with its toast (the toaster is
  // fetched, if need be, while the request runs).
  const run = (event: MouseEvent, which: AlertAction) => {
    // With JavaScript the call goes through the API; the form post is for pages without it.
    event.preventDefault();
    const toaster = ensureToaster();
    action.mutate(
      { action: which, id: alert.id, linkToken },
      {
        onSuccess: () => navigate(withLinkToken(`/${which}/${alert.id}`, linkToken)),
        onError: (error) => void toaster.then((notify) => notify?.error(error)),
      },
    );
  };

  return (
    <CardSurface className={styles.card} aria-labelledby="alert-title">
      <div>
        <Text size={200} weight="semibold" className={styles.eyebrow}>
          Alert
        </Text>
        <Title2 as="h1" id="alert-title" className={styles.title}>
          {alert.title}
        </Title2>
      </div>
      {alert.description ? (
        <Text className={styles.description}>{alert.description}</Text>
      ) : (
        <Text className={styles.noDescription}>No description</Text>
      )}
      <dl className={styles.facts}>
        <dt className={styles.term}>State</dt>
        <dd className={styles.detail}>
          <StatusBadge appearance="tint" color={STATE_COLOR[alert.state]}>
            {stateLabel(alert.state)}
          </StatusBadge>
        </dd>
        <dt className={styles.term}>Severity</dt>
        <dd className={styles.detail}>
          <StatusBadge appearance="filled" color={SEVERITY_COLOR[alert.severity]}>
            {severityLabel(alert.severity)}
          </StatusBadge>
        </dd>
        {alert.escalation_level > 0 && (
          <>
            <dt className={styles.term}>Escalation level</dt>
            <dd className={styles.detail}>{alert.escalation_level}</dd>
          </>
        )}
        <dt className={styles.term}>Raised</dt>
        <dd className={styles.detail}>
          <RaisedAt iso={alert.created_at} />
        </dd>
        {next && (
          <>
            <dt className={styles.term}>Notified next</dt>
            <dd className={styles.detail}>
              {escalationNextText(next)}
              {next.kind === 'timer' && next.at && (
                <>
                  {' '}
                  <RaisedAt iso={next.at} />.
                </>
              )}
            </dd>
          </>
        )}
      </dl>
      {/* Without JavaScript (a locked-down phone) each button posts this form to its own action. */}
      <form method="post" action={formAction(alert.id, 'acknowledge', linkToken)} className={styles.actions}>
        {ALERT_ACTIONS.map((which) => {
          const running = action.isPending && action.variables?.action === which;
          return (
            <ActionButton
              key={which}
              appearance={which === 'acknowledge' ? 'primary' : 'secondary'}
              icon={running ? <LazySpinner size="tiny" fallback={ACTION_ICON[which]} /> : ACTION_ICON[which]}
              disabled={action.isPending}
              type="submit"
              formAction={formAction(alert.id, which, linkToken)}
              onClick={(event) => run(event, which)}
            >
              {ACTION_TEXT[which].button}
            </ActionButton>
          );
        })}
      </form>
    </CardSurface>
  );
}
