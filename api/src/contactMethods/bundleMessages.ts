import { sql } from 'kysely';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { AlertSeverity } from '../db/schema.js';
import { actionLink } from '../email/actionLinks.js';
import { bundleEmail } from '../email/templates.js';
import type { MessageRenderer, RenderedNotification } from '../notifications/messages.js';
import { outboundRequest } from './outboundMessages.js';

/** The alerts a bundle lists by name (the oldest first); its headline counts them all. */
export const BUNDLE_LIST_MAX = 10;

/** What a bundle tells of, read when it is sent: the alerts it holds that are still open. */
export interface BundleContentData {
  userId: string;
  /** The contact method it leaves through; null for the account's address. */
  methodId: string | null;
  /** Still open (not acknowledged nor closed), oldest first, at most BUNDLE_LIST_MAX. */
  alerts: { id: string; title: string; severity: AlertSeverity }[];
  /** How many alerts it holds that are still open: 0 means nothing is left to tell. */
  total: number;
  /** The integration they all came from, else the team they all belong to, else null. */
  groupName: string | null;
}

/** "12 more alerts for Database": the first line of every bundle, whichever its channel. */
export function bundleHeadline(total: number, groupName: string | null): string {
  return `${total} more alert${total === 1 ? '' : 's'}${groupName ? ` for ${groupName}` : ''}`;
}

/**
 * A bundle's content as it is now, or null when `notificationId` is not a bundle. For every
 * channel's renderer, the telephony one included (an SMS: the headline, the first titles, and
 * the reply that acknowledges them all). `now` is unused today; it keeps the signature of a
 * renderer's inputs.
 */
export async function bundleContent(db: Db, notificationId: string, _now: Date): Promise<BundleContentData | null> {
  const bundle = await db
    .selectFrom('notifications')
    .select(['user_id', 'contact_method_id'])
    .where('id', '=', notificationId)
    .where('kind', '=', 'bundle')
    .executeTakeFirst();
  if (!bundle?.user_id) return null;
  const held = sql`(SELECT alert_id FROM notifications WHERE bundle_id = ${notificationId})`;
  const { rows: summary } = await sql<{ total: number; integrations: number; teams: number; integration: string | null; team: string }>`
    SELECT count(*)::int AS total,
           count(DISTINCT coalesce(a.integration_id::text, ''))::int AS integrations,
           count(DISTINCT a.team_id)::int AS teams,
           min(i.title) AS integration, min(t.name) AS team
    FROM alerts a
    JOIN teams t ON t.id = a.team_id
    LEFT JOIN integrations i ON i.id = a.integration_id
    WHERE a.id IN ${held} AND a.state IN ('open', 'escalated')`.execute(db);
  const total = summary[0]?.total ?? 0;
  const alerts =
    total === 0
      ? []
      : await db
          .selectFrom('alerts')
          .select(['id', 'title', 'severity'])
          .where('id', 'in', (eb) => eb.selectFrom('notifications').select('alert_id').where('bundle_id', '=', notificationId))
          .where('state', 'in', ['open', 'escalated'])
          .orderBy('created_at')
          .orderBy('id')
          .limit(BUNDLE_LIST_MAX)
          .execute();
  const first = summary[0];
  const groupName =
    total === 0 || !first
      ? null
      : first.integrations === 1 && first.integration
        ? first.integration
        : first.teams === 1
          ? first.team
          : null;
  return { userId: bundle.user_id, methodId: bundle.contact_method_id, alerts, total, groupName };
}

/**
 * Every alert a bundle holds that is still open (not only the listed ones): what a reply that
 * acknowledges them all ('aa' to an SMS bundle) acts on.
 */
export async function openAlertIdsOfBundle(db: Db, bundleId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('alerts')
    .select('id')
    .where('id', 'in', (eb) => eb.selectFrom('notifications').select('alert_id').where('bundle_id', '=', bundleId))
    .where('state', 'in', ['open', 'escalated'])
    .orderBy('created_at')
    .orderBy('id')
    .execute();
  return rows.map((r) => r.id);
}

/**
 * The bundles that leave as an email or an HTTP request (webhook, Slack-compatible, ntfy): each
 * lists its held alerts still open, with an action link each, signed for the person's account.
 * An SMS or voice bundle is left to the telephony renderer (it calls `bundleContent`). A bundle
 * whose alerts were all handled meanwhile is skipped (`acknowledged`). Registered by app.ts.
 */
export function bundleMessages(config: Config): MessageRenderer {
  return async (db, ids, now) => {
    const rows = await db
      .selectFrom('notifications as n')
      .innerJoin('users as u', 'u.id', 'n.user_id')
      .leftJoin('contact_methods as m', 'm.id', 'n.contact_method_id')
      .select(['n.id', 'n.recipient', 'n.channel', 'n.method_label', 'u.email as account'])
      .select(['m.id as method_id', 'm.kind as method_kind', 'm.target', 'm.topic', 'm.secret', 'm.verified_at'])
      .where('n.id', 'in', ids)
      .where('n.kind', '=', 'bundle')
      .where('n.status', '=', 'pending')
      .where('n.channel', 'in', ['email', 'webhook', 'slack', 'ntfy'])
      .execute();
    const rendered = new Map<string, RenderedNotification>();
    for (const row of rows) {
      if (row.method_label !== null && row.method_id === null) {
        rendered.set(row.id, { skipped: 'method_deleted', alertId: null });
        continue;
      }
      if (row.method_id !== null && row.verified_at === null) {
        rendered.set(row.id, { skipped: 'unverified', alertId: null });
        continue;
      }
      const content = await bundleContent(db, row.id, now);
      if (!content || content.total === 0) {
        rendered.set(row.id, { skipped: 'acknowledged', alertId: null });
        continue;
      }
      const headline = bundleHeadline(content.total, content.groupName);
      const alerts = content.alerts.map((a) => ({ ...a, link: actionLink(config, a.id, row.account, now) }));
      const listLink = `${config.frontendHost}/alerts`;
      if (row.method_kind === null || row.method_kind === 'email') {
        rendered.set(row.id, {
          message: bundleEmail({ to: row.recipient, headline, total: content.total, alerts, listLink }),
          alertId: null,
        });
        continue;
      }
      const method = { kind: row.method_kind, target: row.target ?? '', topic: row.topic, secret: row.secret };
      const bundle = { type: 'bundle' as const, headline, total: content.total, groupName: content.groupName, alerts, listLink };
      rendered.set(row.id, { request: outboundRequest(method, row.id, bundle, now), alertId: null });
    }
    return rendered;
  };
}
