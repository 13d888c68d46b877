import { actFromChannel, ChannelRefusal } from '../alerts/actFromChannel.js';
import type { AlertActionDeps } from '../alerts/alertActions.js';
import { e164Of } from '../contactMethods/phoneNumbers.js';
import type { AlertAction } from '../db/schema.js';
import { HttpError } from '../errors.js';
import { alertOfReplyCode, unacknowledgedOfPhone } from './replyCodes.js';

export const REPLY_HELP = 'Reply with the number and a letter, e.g. 1a to acknowledge, 1e escalate, 1c close; aa acknowledges all.';
export const UNKNOWN_NUMBER = 'This number is not a verified Vigil SMS contact method of one active user: nothing was done.';
export const unknownCode = (code: number) => `No alert has the code ${code} for this number (it may be older than 7 days).`;
export const NOTHING_TO_ACKNOWLEDGE = 'No unacknowledged alerts to acknowledge.';

const ACTIONS: Record<string, AlertAction> = { a: 'acknowledge', e: 'escalate', c: 'close' };
const DONE: Record<AlertAction, string> = { acknowledge: 'Acknowledged', escalate: 'Escalated', close: 'Closed' };
const ALREADY: Record<AlertAction, string> = { acknowledge: 'Already acknowledged', escalate: 'Escalated', close: 'Already closed' };
/** Carrier keywords (Twilio answers and enforces STOP/START itself): no action, no reply. */
const OPT_KEYWORDS = /^(stop|stopall|unsubscribe|cancel|end|quit|start|unstop|yes)$/;

/**
 * Whether a stranger's number may be answered now: once per number per window, for at most
 * `max` numbers remembered (the oldest forgotten first). Two auto-responders answering each other
 * would otherwise text forever; a stranger cannot grow this past `max`. Per replica.
 */
export class StrangerAnswers {
  private readonly answeredAt = new Map<string, number>();

  constructor(
    private readonly max = 1_000,
    private readonly windowMs = 10 * 60_000,
  ) {}

  allow(number: string, nowMs: number): boolean {
    const key = number.slice(0, 40);
    const last = this.answeredAt.get(key);
    if (last !== undefined && nowMs - last < this.windowMs) return false;
    this.answeredAt.delete(key);
    this.answeredAt.set(key, nowMs);
    if (this.answeredAt.size > this.max) this.answeredAt.delete(this.answeredAt.keys().next().value as string);
    return true;
  }
}

/** The one active user whose verified `kind` method is `phone`, or null (none, or several: whose would it be?). */
export async function userOfPhone(deps: Pick<AlertActionDeps, 'db'>, phone: string, kind: 'sms' | 'voice'): Promise<string | null> {
  const rows = await deps.db
    .selectFrom('contact_methods as m')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select('m.user_id')
    .distinct()
    .where('m.kind', '=', kind)
    .where('m.target', '=', phone)
    .where('m.verified_at', 'is not', null)
    .where('u.is_active', '=', true)
    .limit(2)
    .execute();
  return rows.length === 1 ? (rows[0]?.user_id ?? null) : null;
}

/**
 * Acts as `userId` through a channel and says what happened in a few words: the alert's title
 * and the outcome, or the refusal (not a responder, closed already, too many escalations).
 */
export async function actAndSay(
  deps: AlertActionDeps,
  userId: string,
  alertId: string,
  action: AlertAction,
  via: 'sms' | 'voice',
): Promise<string> {
  try {
    const { alert, changed } = await actFromChannel(deps, userId, alertId, action, via);
    return `${changed ? DONE[action] : ALREADY[action]}: ${alert.title}`;
  } catch (error) {
    if (error instanceof ChannelRefusal) return `${error.message}: nothing was done.`;
    if (error instanceof HttpError && (error.statusCode === 409 || error.statusCode === 429 || error.statusCode === 404)) {
      const title = await deps.db.selectFrom('alerts').select('title').where('id', '=', alertId).executeTakeFirst();
      return `${error.message}${title ? `: ${title.title}` : ''}`;
    }
    throw error;
  }
}

/**
 * Answers an SMS sent to Vigil's number (docs/oncall/channels/sms-and-voice.md#replies): `1a`,
 * `1e`, `1c` act on the alert this phone was told is 1; `aa` acknowledges every alert it holds a
 * live code for that nobody has acknowledged. Acted as the one active user whose verified sms
 * method is the sender's number, `via` sms. Answers the reply to send back (null: none; a
 * stranger is told once in a while, `strangers`).
 */
export async function answerSmsReply(
  deps: AlertActionDeps,
  strangers: StrangerAnswers,
  fromRaw: string,
  textRaw: string,
): Promise<string | null> {
  const text = textRaw.trim().toLowerCase().replace(/\s+/g, '');
  if (OPT_KEYWORDS.test(text)) return null;
  const phone = e164Of(fromRaw);
  const userId = phone ? await userOfPhone(deps, phone, 'sms') : null;
  if (!phone || !userId) return strangers.allow(fromRaw, deps.now().getTime()) ? UNKNOWN_NUMBER : null;
  const now = deps.now();
  if (text === 'aa') {
    const alertIds = await unacknowledgedOfPhone(deps.db, phone, now);
    if (alertIds.length === 0) return NOTHING_TO_ACKNOWLEDGE;
    const answers = [];
    for (const alertId of alertIds) answers.push(await actAndSay(deps, userId, alertId, 'acknowledge', 'sms'));
    const done = answers.filter((a) => a.startsWith(`${DONE.acknowledge}:`)).length;
    return answers.length === 1 ? (answers[0] ?? '') : `Acknowledged ${done} of ${answers.length} alerts.`;
  }
  const match = /^(\d{1,2})([aec])$/.exec(text);
  const action = match?.[2] ? ACTIONS[match[2]] : undefined;
  if (!match || !action) return REPLY_HELP;
  const code = Number(match[1]);
  const alertId = await alertOfReplyCode(deps.db, phone, code, now);
  if (!alertId) return unknownCode(code);
  return actAndSay(deps, userId, alertId, action, 'sms');
}
