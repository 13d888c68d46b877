import { PHONE_CHANNELS, skippedReasonOf } from '../alerts/alertMessages.js';
import { API_PREFIX } from '../apiPrefix.js';
import type { Config } from '../config.js';
import { bundleContent, bundleHeadline, openAlertIdsOfBundle } from '../contactMethods/bundleMessages.js';
import { CODE_TTL_MINUTES, mintVerificationCode } from '../contactMethods/verification.js';
import type { Db } from '../db/database.js';
import type { MessageRenderer, RenderedNotification } from '../notifications/messages.js';
import type { ProviderStore } from '../providers/store.js';
import { callToken } from './callTokens.js';
import { placeCall, sendSms } from './phoneSending.js';
import { alertSms, bundleCall, bundleSms, testCall, testSms, verificationCall, verificationSms } from './phoneTexts.js';
import { allocateReplyCode, MAX_REPLY_CODE } from './replyCodes.js';

export interface PhoneMessageDeps {
  config: Config;
  providers: ProviderStore;
}

/** Where Twilio fetches an alert call's TwiML: on the public origin (FRONTEND_HOST), with the call's token. */
export const TELEPHONY_PATH = '/telephony';
export const callUrl = (config: Pick<Config, 'frontendHost'>, token: string) =>
  `${config.frontendHost}${API_PREFIX}${TELEPHONY_PATH}/twilio/voice/${encodeURIComponent(token)}`;

function selectPhoneRows(db: Db, ids: string[]) {
  return db
    .selectFrom('notifications as n')
    .leftJoin('contact_methods as m', 'm.id', 'n.contact_method_id')
    .leftJoin('users as u', 'u.id', 'm.user_id')
    .leftJoin('alerts as a', 'a.id', 'n.alert_id')
    .leftJoin('integrations as i', 'i.id', 'a.integration_id')
    .select(['n.id', 'n.kind', 'n.level', 'n.channel', 'n.method_label', 'n.send_after', 'n.alert_id'])
    .select(['m.id as method_id', 'm.kind as method_kind', 'm.target', 'm.verified_at', 'u.email as account'])
    .select(['a.title', 'a.severity', 'a.state as alert_state', 'i.title as integration_title'])
    .where('n.id', 'in', ids)
    .where('n.status', '=', 'pending')
    .where('n.channel', 'in', [...PHONE_CHANNELS])
    .where('n.kind', 'in', ['new_alert', 'escalation', 'contact_verification', 'method_test', 'bundle'])
    .execute();
}

type PhoneRow = Awaited<ReturnType<typeof selectPhoneRows>>[number];

/**
 * SMS and voice calls (docs/oncall/channels/sms-and-voice.md): alert notifications, verification
 * codes and "send a test" through a user's sms or voice method, each sent through a provider
 * (phoneSending.ts) when its job runs. An alert SMS gets its reply code here, when rendered; an
 * alert call carries a token for its TwiML and key presses. Registered with the delivery by app.ts.
 */
export function phoneMessages(deps: PhoneMessageDeps): MessageRenderer {
  return async (db, ids, now) => {
    const rendered = new Map<string, RenderedNotification>();
    const host = new URL(deps.config.frontendHost).host;
    for (const row of await selectPhoneRows(db, ids)) {
      const item = await renderRow(db, deps, row, host, now);
      if (item) rendered.set(row.id, item);
    }
    return rendered;
  };
}

async function renderRow(db: Db, deps: PhoneMessageDeps, row: PhoneRow, host: string, now: Date): Promise<RenderedNotification | null> {
  const to = row.target ?? '';
  const voice = row.channel === 'voice';
  if (row.kind === 'contact_verification') {
    // Gone or verified meanwhile: nothing to send (as verificationRender.ts).
    if (!row.method_id) return null;
    const minted = await mintVerificationCode(db, row.method_id, now);
    if (!minted) return null;
    const { code } = minted;
    const account = row.account ?? '';
    const deliver = voice
      ? () => placeCall(deps.providers, to, { twiml: verificationCall(code, host) })
      : () => sendSms(deps.providers, to, verificationSms(code, account, host, CODE_TTL_MINUTES));
    return { deliver, alertId: null, conceal: code };
  }
  if (row.kind === 'method_test') {
    if (!row.method_id) return { skipped: 'method_deleted', alertId: null };
    const account = row.account ?? '';
    const deliver = voice
      ? () => placeCall(deps.providers, to, { twiml: testCall(host, account) })
      : () => sendSms(deps.providers, to, testSms(host, account));
    return { deliver, alertId: null };
  }
  if (row.kind === 'bundle') return renderBundle(db, deps, row, now);
  const alertId = row.alert_id;
  if (!alertId || !row.title || !row.severity) return null;
  const skipped = skippedReasonOf({ ...row, alert_state: row.alert_state ?? 'open' });
  if (skipped) return { skipped, alertId };
  if (voice) {
    const url = callUrl(deps.config, callToken(deps.config.secretKey, row.id, now));
    return { deliver: () => placeCall(deps.providers, to, { url }), alertId };
  }
  const kind = row.kind === 'new_alert' ? ('new_alert' as const) : ('escalation' as const);
  const code = await allocateReplyCode(db, to, alertId, now);
  const text = alertSms(
    { title: row.title, severity: row.severity, integrationTitle: row.integration_title, kind, level: row.level },
    code,
  );
  return { deliver: () => sendSms(deps.providers, to, text), alertId };
}

/**
 * A bundle past the person's limit (contactMethods/notificationLimits.ts): the alerts it holds
 * still open, by SMS with a reply code for each (so `aa` acknowledges them all, and `<n>a` any
 * one), or read out on a call.
 */
async function renderBundle(db: Db, deps: PhoneMessageDeps, row: PhoneRow, now: Date): Promise<RenderedNotification> {
  if (row.method_label !== null && row.method_id === null) return { skipped: 'method_deleted', alertId: null };
  if (row.method_id !== null && row.verified_at === null) return { skipped: 'unverified', alertId: null };
  const content = await bundleContent(db, row.id, now);
  if (!content || content.total === 0) return { skipped: 'acknowledged', alertId: null };
  const to = row.target ?? '';
  const headline = bundleHeadline(content.total, content.groupName);
  const titles = content.alerts.map((a) => a.title);
  if (row.channel === 'voice')
    return { deliver: () => placeCall(deps.providers, to, { twiml: bundleCall(headline, titles) }), alertId: null };
  // Codes for the oldest half of the range at most: a bundle never takes over the codes of the alerts it names.
  const held = (await openAlertIdsOfBundle(db, row.id)).slice(0, Math.floor(MAX_REPLY_CODE / 2));
  for (const alertId of held) await allocateReplyCode(db, to, alertId, now);
  return { deliver: () => sendSms(deps.providers, to, bundleSms(headline, titles)), alertId: null };
}
