import { type BenchChannel, hookReceiver, methodsFor } from './benchChannel.js';
import { CHAT_CHANNELS } from './chatChannels.js';
import { PHONE_CHANNELS } from './phoneChannels.js';

export type { BenchChannel, BenchReceiver } from './benchChannel.js';

/** Webhook, Slack-compatible incoming webhook, ntfy and email: a method each user points at the receiver. */
const USER_CHANNELS: BenchChannel[] = [
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

/** Every channel measured, in this order (BENCH_NOTIFY_CHANNELS picks some by name or channel). */
export const CHANNELS: BenchChannel[] = [...USER_CHANNELS, ...PHONE_CHANNELS, ...CHAT_CHANNELS];
