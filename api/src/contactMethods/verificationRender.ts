import type { Db } from '../db/database.js';
import { contactMethodCodeEmail } from '../email/templates.js';
import type { RenderedNotification } from '../notifications/render.js';
import { outboundRequest } from './outboundMessages.js';
import { CODE_TTL_MINUTES, mintVerificationCode } from './verification.js';

/**
 * The verification codes among a job's notifications, each made now (verification.ts) and
 * sent through its own method: an email, or the method's webhook, Slack-compatible or ntfy
 * request. A method deleted or verified meanwhile sends nothing (the row is left out).
 */
export async function renderVerifications(db: Db, ids: string[], now: Date): Promise<Map<string, RenderedNotification>> {
  const rows = await db
    .selectFrom('notifications')
    .select(['id', 'contact_method_id'])
    .where('id', 'in', ids)
    .where('kind', '=', 'contact_verification')
    .where('status', '=', 'pending')
    .execute();
  const rendered = new Map<string, RenderedNotification>();
  for (const row of rows) {
    if (!row.contact_method_id) continue;
    const minted = await mintVerificationCode(db, row.contact_method_id, now);
    if (!minted) continue;
    const { method, code } = minted;
    if (method.kind === 'email') {
      const message = contactMethodCodeEmail({ to: method.target, code, label: method.label, validMinutes: CODE_TTL_MINUTES });
      rendered.set(row.id, { message, alertId: null });
    } else {
      const content = { type: 'verification' as const, code, validMinutes: CODE_TTL_MINUTES };
      const target = { kind: method.kind, target: method.target, topic: method.topic, secret: method.secret };
      rendered.set(row.id, { request: outboundRequest(target, row.id, content, now), alertId: null });
    }
  }
  return rendered;
}
