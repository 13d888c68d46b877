import { Button, makeStyles, Spinner, Text, Title2, Title3 } from '@fluentui/react-components';
import { CheckmarkCircleFilled, CheckmarkRegular, DismissRegular, ErrorCircleRegular, SubtractCircleFilled } from '@fluentui/react-icons';
import {
  type ContactAnswer,
  type ContactConfirmation,
  errorText,
  useAnswerContactConfirmation,
  useContactConfirmation,
} from '@vigil/shared';
import type { ReactNode } from 'react';
import { CardSurface } from '../components/CardSurface';
import { publicApi, useLinkToken } from '../components/linkCalls';
import { PublicFrame } from '../components/PublicFrame';
import { tokens } from '../components/themeTokens';

/** The page's words (e2e/contactConfirmation.spec.ts reads them). */
export const CONFIRMATION_TEXT = {
  title: 'Confirm your address',
  request: (c: ContactConfirmation) =>
    `${c.requested_by} named ${c.email} as an escalation contact in Vigil. Confirm to receive the emails of their escalated alerts, or decline to receive none.`,
  confirmed: 'Address confirmed',
  confirmedDetail: (c: ContactConfirmation) => `${c.email} now receives the escalation emails of ${c.requested_by}’s alerts.`,
  declined: 'Alerts declined',
  declinedDetail: (c: ContactConfirmation) => `${c.email} receives no alerts from ${c.requested_by}, who cannot ask again.`,
  failed: 'Confirmation failed',
  failedHint: 'Ask the person who named you as a contact to send a new confirmation email.',
  noToken: 'This confirmation link is not valid',
} as const;

const useStyles = makeStyles({
  card: { padding: tokens.spacingHorizontalXL, gap: tokens.spacingVerticalL },
  title: { margin: 0, overflowWrap: 'anywhere' },
  text: { display: 'block', color: tokens.colorNeutralForeground2, overflowWrap: 'anywhere' },
  actions: { display: 'flex', gap: tokens.spacingHorizontalS, flexWrap: 'wrap' },
  result: { alignItems: 'center', textAlign: 'center', gap: tokens.spacingVerticalM, padding: tokens.spacingHorizontalXXL },
  okIcon: { fontSize: '56px', color: tokens.colorPaletteGreenForeground1 },
  declinedIcon: { fontSize: '56px', color: tokens.colorNeutralForeground3 },
  failedIcon: { fontSize: '48px', color: tokens.colorStatusDangerForeground1 },
  error: { display: 'block', color: tokens.colorStatusDangerForeground1 },
  center: { display: 'flex', justifyContent: 'center', padding: tokens.spacingVerticalXXXL },
});

function Failed({ reason }: { reason: string }) {
  const styles = useStyles();
  return (
    <CardSurface className={styles.result} role="alert">
      <ErrorCircleRegular className={styles.failedIcon} aria-hidden />
      <Title3 as="h1" className={styles.title}>
        {CONFIRMATION_TEXT.failed}
      </Title3>
      <Text className={styles.text}>{`${reason}. ${CONFIRMATION_TEXT.failedHint}`}</Text>
    </CardSurface>
  );
}

function Answered({ confirmation: c }: { confirmation: ContactConfirmation }) {
  const styles = useStyles();
  const confirmed = c.status === 'confirmed';
  return (
    <CardSurface className={styles.result} role="status">
      {confirmed ? (
        <CheckmarkCircleFilled className={styles.okIcon} aria-hidden />
      ) : (
        <SubtractCircleFilled className={styles.declinedIcon} aria-hidden />
      )}
      <Title2 as="h1" className={styles.title}>
        {confirmed ? CONFIRMATION_TEXT.confirmed : CONFIRMATION_TEXT.declined}
      </Title2>
      <Text className={styles.text}>{confirmed ? CONFIRMATION_TEXT.confirmedDetail(c) : CONFIRMATION_TEXT.declinedDetail(c)}</Text>
    </CardSurface>
  );
}

/**
 * /contacts/confirm?t=… — the page of a contact's confirmation email (docs/console/action-pages.md). Opening
 * it only reads what the link is about (mail scanners fetch links); Confirm or Decline answers,
 * once. A refused link (not valid, expired, used) says so.
 */
export default function ContactConfirmationPage() {
  const styles = useStyles();
  const token = useLinkToken();
  const lookup = useContactConfirmation(token, { client: publicApi });
  const answer = useAnswerContactConfirmation({ client: publicApi });
  const reply = (which: ContactAnswer) => token && answer.mutate({ token, answer: which });

  let content: ReactNode;
  if (!token) content = <Failed reason={CONFIRMATION_TEXT.noToken} />;
  else if (answer.data) content = <Answered confirmation={answer.data} />;
  else if (lookup.isPending)
    content = (
      <div className={styles.center}>
        <Spinner label="Checking the link…" />
      </div>
    );
  else if (!lookup.data) content = <Failed reason={errorText(lookup.error)} />;
  else
    content = (
      <CardSurface className={styles.card} aria-labelledby="confirm-title">
        <Title2 as="h1" id="confirm-title" className={styles.title}>
          {CONFIRMATION_TEXT.title}
        </Title2>
        <Text className={styles.text}>{CONFIRMATION_TEXT.request(lookup.data)}</Text>
        {answer.error && (
          <Text role="alert" className={styles.error}>
            {`${CONFIRMATION_TEXT.failed}: ${errorText(answer.error)}.`}
          </Text>
        )}
        <div className={styles.actions}>
          <Button appearance="primary" icon={<CheckmarkRegular />} disabled={answer.isPending} onClick={() => reply('confirm')}>
            Confirm
          </Button>
          <Button icon={<DismissRegular />} disabled={answer.isPending} onClick={() => reply('decline')}>
            Decline
          </Button>
        </div>
      </CardSurface>
    );
  return <PublicFrame footer="Vigil emails alerts only to addresses that confirmed.">{content}</PublicFrame>;
}
