import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ALERTS, createAlert } from '../helpers/alerts.js';
import { answered, callAs } from '../helpers/api.js';
import { chatNotificationsOf, createChatChannel, queueDoneWith } from '../helpers/chatChannels.js';
import { eventually } from '../helpers/eventually.js';
import { FakeTelegram } from '../helpers/fakeTelegram.js';
import { teamOf } from '../helpers/teams.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';

/**
 * A Telegram team chat against a local Bot API: a new alert is posted with escaped HTML and inline
 * buttons, each change edits it; the webhook is refused without its secret token; a button acts
 * as the presser's linked Vigil user (linked by a one-time t.me link), with the history saying
 * so; a flood-limited API is retried and the alert posted once; the bot token is never told.
 */
const BOT_TOKEN = '123456:AAbot-token-secret_abcdefghijklmnop';
const WEBHOOK_SECRET = 'webhook-secret-0123456789';
const WEBHOOK = '/api/v1/chat/telegram/webhook';

let t: TestApp;
let telegram: FakeTelegram;
const logLines: string[] = [];
let updateId = 1;

const hook = (update: object, secret: string | null = WEBHOOK_SECRET) =>
  t.app.inject({
    method: 'POST',
    url: WEBHOOK,
    headers: { 'content-type': 'application/json', ...(secret !== null && { 'x-telegram-bot-api-secret-token': secret }) },
    payload: { update_id: updateId++, ...update },
  });

const press = (fromId: number, data: string, externalId: string) => {
  const [chat, message] = externalId.split(':');
  return hook({
    callback_query: {
      id: `cq${updateId}`,
      from: { id: fromId, is_bot: false, first_name: 'Ann' },
      data,
      message: { message_id: Number(message), chat: { id: Number(chat) } },
    },
  });
};

const hex = (id: string) => id.replaceAll('-', '');

async function linkTelegram(user: TestUser, telegramUserId: number) {
  const { link } = answered(await callAs(t, user, 'POST', '/api/v1/users/me/chat-links/telegram'));
  const token = new URL(link).searchParams.get('start') ?? '';
  answered(
    await hook({
      message: { message_id: 1, from: { id: telegramUserId }, chat: { id: telegramUserId, type: 'private' }, text: `/start ${token}` },
    }),
  );
  return token;
}

/** A user, their team's Telegram channel, and an alert of theirs posted to it. */
async function postedAlert(title = 'Disk <full> & "hot"') {
  const user = await t.createUser({ full_name: 'Ann Example' });
  const teamId = await teamOf(t, user);
  const channel = await createChatChannel(t, teamId, { kind: 'telegram', target: '-1001234567890', secret: null });
  const alert = await createAlert(t, user, { title, severity: 'critical' });
  await eventually(
    () => chatNotificationsOf(t, alert.id, channel.id),
    (rows) => rows[0]?.status === 'sent',
    'posted',
  );
  const message = await t.db.selectFrom('chat_messages').select('external_id').where('alert_id', '=', alert.id).executeTakeFirstOrThrow();
  return { user, teamId, channel, alert, externalId: message.external_id };
}

beforeAll(async () => {
  telegram = await new FakeTelegram(BOT_TOKEN).start();
  t = await createTestApp({}, { logStream: { write: (line) => void logLines.push(line) } });
  answered(
    await t.app.inject({
      method: 'PUT',
      url: '/api/v1/notification-providers/telegram',
      headers: t.superuser.auth,
      payload: { bot_token: BOT_TOKEN, webhook_secret: WEBHOOK_SECRET, api_base: telegram.url },
    }),
  );
});
afterAll(async () => {
  await t?.close();
  await telegram?.stop();
});

describe('Telegram chat channel', () => {
  it('posts a new alert as escaped HTML with inline buttons, and edits it on each change', async () => {
    const { user, alert, externalId } = await postedAlert();
    const sent = telegram
      .taken('sendMessage')
      .find((p) => p.text.includes(alert.id) || p.reply_markup?.inline_keyboard?.[0]?.[0]?.callback_data?.endsWith(hex(alert.id)));
    expect(sent).toMatchObject({ chat_id: '-1001234567890', parse_mode: 'HTML' });
    expect(sent?.text).toContain('<b>[CRITICAL] Disk &lt;full&gt; &amp; "hot"</b>\n<i>Open</i>');
    expect(sent?.reply_markup.inline_keyboard).toEqual([
      [
        { text: 'Acknowledge', callback_data: `a:${hex(alert.id)}` },
        { text: 'Escalate', callback_data: `e:${hex(alert.id)}` },
        { text: 'Close', callback_data: `c:${hex(alert.id)}` },
      ],
      [{ text: 'Open in Vigil', url: `http://console.test/alerts/${alert.id}` }],
    ]);
    expect(externalId).toMatch(/^-1001234567890:\d+$/);

    answered(await callAs(t, user, 'POST', `${ALERTS}/acknowledge/${alert.id}`));
    const edit = await eventually(
      () => telegram.taken('editMessageText').find((p) => `${p.chat_id}:${p.message_id}` === externalId),
      'the message edited',
    );
    expect(edit.text).toContain('<i>Acknowledged by Ann Example (console)</i>');
    expect(edit.reply_markup.inline_keyboard[0].map((b: { text: string }) => b.text)).toEqual(['Escalate', 'Close']);
  });

  it('refuses a webhook call without the secret token, or with a wrong one, and changes nothing', async () => {
    const { alert, externalId } = await postedAlert();
    const answersBefore = telegram.calls.filter((c) => c.method === 'answerCallbackQuery').length;
    const data = `a:${hex(alert.id)}`;
    for (const secret of [null, 'wrong-secret-0123456789']) {
      const [chat, message] = externalId.split(':');
      const res = await hook(
        { callback_query: { id: 'x', from: { id: 1 }, data, message: { message_id: Number(message), chat: { id: Number(chat) } } } },
        secret,
      );
      expect(res.statusCode).toBe(403);
      expect(res.body).not.toContain(WEBHOOK_SECRET);
    }
    expect((await t.db.selectFrom('alerts').select('state').where('id', '=', alert.id).executeTakeFirstOrThrow()).state).toBe('open');
    expect(telegram.calls.filter((c) => c.method === 'answerCallbackQuery')).toHaveLength(answersBefore);
  });

  it('links a Telegram account by a one-time t.me link, and a button then acts as that user, via telegram', async () => {
    const { user, alert, externalId } = await postedAlert();
    const token = await linkTelegram(user, 4242);
    expect(token.length).toBeLessThanOrEqual(64);
    expect(telegram.taken('sendMessage').at(-1)).toMatchObject({
      chat_id: 4242,
      text: `Linked: your presses of Vigil's buttons now act as ${user.email}.`,
    });
    const link = await t.db
      .selectFrom('chat_user_links')
      .selectAll()
      .where('kind', '=', 'telegram')
      .where('external_user_id', '=', '4242')
      .executeTakeFirst();
    expect(link?.user_id).toBe(user.id);

    // The token works once: someone else sending it links nothing.
    answered(await hook({ message: { message_id: 2, from: { id: 6666 }, chat: { id: 6666, type: 'private' }, text: `/start ${token}` } }));
    expect(telegram.taken('sendMessage').at(-1)?.text).toMatch(/^This link is not valid/);
    expect(await t.db.selectFrom('chat_user_links').selectAll().where('external_user_id', '=', '6666').execute()).toEqual([]);

    // An unlinked presser is told how to link, and nothing changes.
    answered(await press(6666, `a:${hex(alert.id)}`, externalId));
    expect(telegram.taken('answerCallbackQuery').at(-1)?.text).toMatch(/not linked to Vigil/);
    expect((await t.db.selectFrom('alerts').select('state').where('id', '=', alert.id).executeTakeFirstOrThrow()).state).toBe('open');

    answered(await press(4242, `a:${hex(alert.id)}`, externalId));
    expect(telegram.taken('answerCallbackQuery').at(-1)).toMatchObject({ text: 'Acknowledged' });
    const events = await t.db.selectFrom('alert_events').select(['action', 'actor_id', 'via']).where('alert_id', '=', alert.id).execute();
    expect(events).toEqual([{ action: 'acknowledge', actor_id: user.id, via: 'telegram' }]);
    const edit = await eventually(
      () => telegram.taken('editMessageText').find((p) => `${p.chat_id}:${p.message_id}` === externalId),
      'the pressed message edited',
    );
    expect(edit.text).toContain('Acknowledged by Ann Example (telegram)');

    // A press naming an alert this message is not about is refused.
    const other = await createAlert(t, user);
    answered(await press(4242, `c:${hex(other.id)}`, externalId));
    expect(telegram.taken('answerCallbackQuery').at(-1)?.text).toBe('This message is not an alert Vigil posted to a team chat');
    expect((await t.db.selectFrom('alerts').select('state').where('id', '=', other.id).executeTakeFirstOrThrow()).state).toBe('open');
  });

  it("answers a linked user who is not a responder of the alert's team with the refusal", async () => {
    const { alert, externalId } = await postedAlert();
    const stranger = await t.createUser();
    await linkTelegram(stranger, 5151);
    answered(await press(5151, `c:${hex(alert.id)}`, externalId));
    expect(telegram.taken('answerCallbackQuery').at(-1)?.text).toBe("You are not a responder in this alert's team");
    expect((await t.db.selectFrom('alerts').select('state').where('id', '=', alert.id).executeTakeFirstOrThrow()).state).toBe('open');
  });

  it('retries through a flood limit, records each attempt without the bot token, and posts once', async () => {
    const user = await t.createUser();
    const channel = await createChatChannel(t, await teamOf(t, user), { kind: 'telegram', target: '@vigil_alerts', secret: null });
    telegram.mode = 'flood';
    const alert = await createAlert(t, user, { title: 'Flooded' });
    const postRow = async () => (await chatNotificationsOf(t, alert.id, channel.id))[0];
    const failing = await eventually(postRow, (n) => (n?.attempts ?? 0) >= 1, 'a failed attempt');
    expect(failing).toMatchObject({
      status: 'pending',
      last_error: 'Telegram sendMessage: 429 Too Many Requests: retry after 1 (retry after 1 s)',
    });
    telegram.mode = 'ok';
    const sent = await eventually(postRow, (n) => n?.status === 'sent', 'sent after the flood');
    await queueDoneWith(t, sent?.id ?? '');
    const posts = telegram.taken('sendMessage').filter((p) => p.chat_id === '@vigil_alerts' && p.text.includes('Flooded'));
    expect(posts).toHaveLength(1);
    const message = await t.db.selectFrom('chat_messages').select('external_id').where('alert_id', '=', alert.id).executeTakeFirstOrThrow();
    expect(message.external_id).toMatch(/^-1009876543210:\d+$/);
  });

  it('never tells the bot token or the webhook secret: not in errors, answers or logs', async () => {
    const user = await t.createUser();
    const res = await callAs(t, user, 'POST', '/api/v1/users/me/chat-links/telegram');
    expect(answered(res).link).toMatch(/^https:\/\/t\.me\/vigil_test_bot\?start=[A-Za-z0-9_-]{58}$/);
    const providers = await callAs(t, t.superuser, 'GET', '/api/v1/notification-providers/');
    const errors = await t.db.selectFrom('notifications').select('last_error').where('last_error', 'is not', null).execute();
    const everything = [res.body, providers.body, JSON.stringify(errors), ...logLines].join('\n');
    expect(everything).not.toContain(BOT_TOKEN);
    expect(everything).not.toContain(BOT_TOKEN.split(':')[1]);
    expect(everything).not.toContain(WEBHOOK_SECRET);
  });

  it('refuses a chat id that is neither a number nor an @username', async () => {
    const { telegramChatProvider } = await import('../../src/chat/telegram/telegramProvider.js');
    const check = (raw: string) => telegramChatProvider.checkTarget(raw, { allowPrivateNetworks: false });
    expect(check(' -1001234567890 ')).toBe('-1001234567890');
    expect(check('@vigil_alerts')).toBe('@vigil_alerts');
    for (const bad of ['', 'abc', '@a', '-0', '12 34', 'https://t.me/x']) expect(() => check(bad)).toThrow();
  });
});
