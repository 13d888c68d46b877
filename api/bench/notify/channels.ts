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
 * One channel bench:notify measures. To add one (an SMS through a Twilio fake, a Slack app or
 * Telegram bot post through theirs, all under api/test/helpers/): start its fake in `setUp`,
 * make what reaching people through it needs (a provider's settings, verified methods and
 * rules with `methodsFor`, or an enabled chat channel of `teamId`), and answer the receiver;
 * `stop()` also undoes what would reach the channels measured after it (disable a chat channel).
 */
export interface BenchChannel {
  name: string;
  /** The `notifications.channel` its messages are written with: the rows measured. */
  channel: NotificationChannel;
  /**
   * True (the default): the benchmark reaches `userIds` for every alert, as an escalation does;
   * false: the alerts' insert writes the messages itself (a team's chat channel).
   */
  reachesUsers?: boolean;
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

/** A receiver of HTTP requests (webhook, Slack-compatible incoming webhook, ntfy publish), as the delivery tests use. */
async function hookReceiver(): Promise<{ hooks: HookReceiver; receiver: BenchReceiver }> {
  const hooks = await new HookReceiver().start();
  return { hooks, receiver: { received: () => hooks.accepted.length, stop: () => hooks.stop() } };
}

export const CHANNELS: BenchChannel[] = [
  {
    name: 'webhook',
    channel: 'webhook',
    async setUp(b, { userIds }) {
      const { hooks, receiver } = await hookReceiver();
      await methodsFor(b, userIds, { kind: 'webhook', target: (i) => hooks.url(`/hook/${i}`), secret: 'bench-webhook-secret' });
      return receiver;
    },
  },
  {
    name: 'slack-compatible',
    channel: 'slack',
    async setUp(b, { userIds }) {
      const { hooks, receiver } = await hookReceiver();
      await methodsFor(b, userIds, { kind: 'slack', target: (i) => hooks.url(`/services/T0/B0/bench${i}`) });
      return receiver;
    },
  },
  {
    name: 'ntfy',
    channel: 'ntfy',
    async setUp(b, { userIds }) {
      const { hooks, receiver } = await hookReceiver();
      await methodsFor(b, userIds, { kind: 'ntfy', target: () => hooks.url('/'), topic: 'vigil-bench' });
      return receiver;
    },
  },
  {
    name: 'email (SMTP)',
    channel: 'email',
    async setUp(b, { userIds, sink }) {
      const before = sink.messages.length;
      await methodsFor(b, userIds, { kind: 'email', target: (i) => `bench-notify-${i}@example.com` });
      return { received: () => sink.messages.length - before, stop: async () => {} };
    },
  },
];
