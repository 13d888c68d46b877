import { FakeSlack } from '../../test/helpers/fakeSlack.js';
import { FakeTelegram } from '../../test/helpers/fakeTelegram.js';
import type { BenchApp } from '../oncall/benchApp.js';
import { type BenchChannel, type BenchReceiver, configureProvider, hookReceiver, removeProvider } from './benchChannel.js';

/**
 * Team chat channels: one enabled channel of the kind in the bench team, made through the team's
 * chat-channel route; each alert inserted is posted to it once (the alerts' insert trigger
 * writes the post, migration 0027), so notifications = alerts. Local servers: the fake Slack Web
 * API and Telegram Bot API of the chat tests, and plain receivers answering as Mattermost (200
 * "ok"), Rocket.Chat (200 {"success":true}) and a Teams Workflows webhook (202) do.
 */

/** The channel made, and a receiver whose stop() disables it first (the next channels' alerts must not post to it). */
async function teamChannel(b: BenchApp, teamId: string, kind: string, target: string, server: BenchReceiver): Promise<BenchReceiver> {
  const channels = `/api/v1/teams/${teamId}/chat-channels`;
  const made = await b.call('POST', channels, { kind, label: `bench-${kind}`, target });
  return {
    received: server.received,
    async stop() {
      await b.call('PATCH', `${channels}/${made.id}`, { enabled: false });
      await server.stop();
    },
  };
}

const webhookChat = (
  kind: 'mattermost' | 'rocketchat' | 'msteams',
  answer: { status: number; contentType: string; body: string },
): BenchChannel => ({
  name: kind,
  channel: kind,
  reachesUsers: false,
  async setUp(b, { teamId }) {
    const { hooks, receiver } = await hookReceiver(answer);
    return teamChannel(b, teamId, kind, hooks.url(`/hooks/bench-${kind}`), receiver);
  },
});

export const CHAT_CHANNELS: BenchChannel[] = [
  {
    name: 'slack_app',
    channel: 'slack_app',
    reachesUsers: false,
    async setUp(b, { teamId }) {
      const slack = await new FakeSlack().start();
      await configureProvider(b, 'slack_app', {
        bot_token: slack.token,
        signing_secret: 'bench-slack-signing-secret',
        api_url: slack.apiUrl,
      });
      return teamChannel(b, teamId, 'slack_app', 'C0ALERTS01', {
        received: () => slack.of('chat.postMessage').length,
        async stop() {
          await removeProvider(b, 'slack_app');
          await slack.stop();
        },
      });
    },
  },
  webhookChat('mattermost', { status: 200, contentType: 'text/plain', body: 'ok' }),
  webhookChat('rocketchat', { status: 200, contentType: 'application/json', body: '{"success":true}' }),
  webhookChat('msteams', { status: 202, contentType: 'text/plain', body: '' }),
  {
    name: 'telegram',
    channel: 'telegram',
    reachesUsers: false,
    async setUp(b, { teamId }) {
      const telegram = await new FakeTelegram('123456:AAbench-bot-token_abcdefghijklmnop').start();
      await configureProvider(b, 'telegram', {
        bot_token: telegram.token,
        webhook_secret: 'bench-webhook-secret-0123',
        api_base: telegram.url,
      });
      return teamChannel(b, teamId, 'telegram', '-1001234567890', {
        received: () => telegram.taken('sendMessage').length,
        async stop() {
          await removeProvider(b, 'telegram');
          await telegram.stop();
        },
      });
    },
  },
];
