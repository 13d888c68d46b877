import { sql } from 'kysely';
import type { ContactMethodKind, NotificationChannel } from '../../src/db/schema.js';
import { HookReceiver } from '../../test/helpers/hookReceiver.js';
import type { SmtpSink } from '../../test/helpers/smtpSink.js';
import type { BenchApp } from '../oncall/benchApp.js';

/** A local provider server as the benchmark reads it: what it accepted, and how to stop it. */
export interface BenchReceiver {
  received(): number;
  stop(): Promise<void>;
}

/**
 * One channel bench:notify measures (the table is channels.ts). `setUp` starts its local
 * provider server, makes what reaching people through it needs (a provider's settings through
 * the API, verified methods and rules with `methodsFor`, or an enabled chat channel of
 * `teamId`), and answers the receiver; `stop()` also undoes what would reach the channels
 * measured after it (a provider preferred, a chat channel enabled).
 */
export interface BenchChannel {
  name: string;
  /** The `notifications.channel` its messages are written with: the rows measured. */
  channel: NotificationChannel;
  /**
   * True (the default): the benchmark reaches `userIds` for every alert, as an escalation does;
   * false: the alerts' insert writes the messages itself (a team's chat channel: one per alert).
   */
  reachesUsers?: boolean;
  /** The share of BENCH_NOTIFY_ALERTS it is measured on (1 unless a slow channel is measured on fewer). */
  alertShare?: number;
  setUp(b: BenchApp, context: { userIds: string[]; teamId: string; sink: SmtpSink }): Promise<BenchReceiver>;
}

/** A verified method of `kind` to `target` for every user, each their only rule (no delay). */
export async function methodsFor(
  b: BenchApp,
  userIds: string[],
  method: { kind: ContactMethodKind; target: (userIndex: number) => string; topic?: string; secret?: string },
): Promise<void> {
  const rows = await b.db
    .insertInto('contact_methods')
    .values(
      userIds.map((user_id, i) => ({
        user_id,
        kind: method.kind,
        label: `bench ${method.kind}`,
        target: method.target(i),
        topic: method.topic ?? null,
        secret: method.secret ?? null,
        verified_at: sql<Date>`now()`,
      })),
    )
    .returning(['id', 'user_id'])
    .execute();
  await b.db
    .insertInto('notification_rules')
    .values(rows.map((r) => ({ user_id: r.user_id, position: 0, contact_method_id: r.id, delay_minutes: 0 })))
    .execute();
}

/** A receiver of HTTP requests answering 200 "ok" unless told another answer, as the delivery tests use. */
export async function hookReceiver(answer?: HookReceiver['answer']): Promise<{ hooks: HookReceiver; receiver: BenchReceiver }> {
  const hooks = await new HookReceiver().start();
  if (answer) hooks.answer = answer;
  return { hooks, receiver: { received: () => hooks.accepted.length, stop: () => hooks.stop() } };
}

/** Configures a provider as a superuser does (PUT /api/v1/notification-providers/<kind>). */
export const configureProvider = (b: BenchApp, kind: string, settings: object) =>
  b.call('PUT', `/api/v1/notification-providers/${kind}`, settings);

/** Removes a provider's configuration, so the channels measured next do not use it. */
export async function removeProvider(b: BenchApp, kind: string): Promise<void> {
  const res = await b.app.inject({ method: 'DELETE', url: `/api/v1/notification-providers/${kind}`, headers: b.auth });
  if (res.statusCode >= 300) throw new Error(`DELETE provider ${kind}: ${res.statusCode} ${res.body.slice(0, 300)}`);
}
