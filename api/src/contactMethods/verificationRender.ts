import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { contactMethodCodeEmail } from '../email/templates.js';
import type { MessageRenderer, RenderedNotification } from '../notifications/messages.js';
import { outboundRequest } from './outboundMessages.js';
import { CODE_TTL_MINUTES, mintVerificationCode } from './verification.js';

/** Contact methods' verification codes, as a kind of message the delivery sends (registered by app.ts). */
export function verificationCodeMessages(config: Config): MessageRenderer {
  return (db, ids, now) => renderVerifications(db, config, ids, now);
}

/**
 * The verification codes among a job's notifications, each made now (verification.ts) and
 * sent through its own method: an email, or the method's webhook, Slack-compatible or ntfy
 * request, in Vigil's words with the account it is for. A method deleted or verified meanwhile
 * sends nothing (the row is left out). The code is `conceal`ed: a receiver that echoes it in a
 * failing answer does not put it in a log or a stored error.
 */
export async function renderVerifications(db: Db, config: Config, ids: string[], now: Date): Promise<Map<string, RenderedNotification>> {
  const rows = await db
    .selectFrom('notifications as n')
    .innerJoin('contact_methods as m', 'm.id', 'n.contact_method_id')
    .innerJoin('users as u', 'u.id', 'm.user_id')
    .select(['n.id', 'n.contact_method_id', 'u.email as account'])
    .where('n.id', 'in', ids)
    .where('n.kind', '=', 'contact_verification')
    // An SMS or a call goes through a provider: telephony/phoneMessages.ts sends their codes.
    .where('n.channel', 'not in', ['sms', 'voice'])
    .where('n.status', '=', 'pending')
    .execute();
  const rendered = new Map<string, RenderedNotification>();
  const host = new URL(config.frontendHost).host;
  for (const row of rows) {
    if (!row.contact_method_id) continue;
    const minted = await mintVerificationCode(db, row.contact_method_id, now);
    if (!minted) continue;
    const { method, code } = minted;
    const who = { code, account: row.account, host, validMinutes: CODE_TTL_MINUTES };
    if (method.kind === 'email') {
      rendered.set(row.id, { message: contactMethodCodeEmail({ to: method.target, ...who }), alertId: null, conceal: code });
    } else {
      const target = { kind: method.kind, target: method.target, topic: method.topic, secret: method.secret };
      const request = outboundRequest(target, row.id, { type: 'verification', ...who }, now);
      rendered.set(row.id, { request, alertId: null, conceal: code });
    }
  }
  return rendered;
}
