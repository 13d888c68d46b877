import { createHash } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ContactMethodCreate } from '../../src/contactMethods/schema.js';
import { answered, callAs } from '../helpers/api.js';
import { createMethod, METHODS } from '../helpers/contactMethods.js';
import { eventually } from '../helpers/eventually.js';
import { HookReceiver } from '../helpers/hookReceiver.js';
import { createTestApp, type TestApp, type TestUser } from '../helpers/testApp.js';

/**
 * What a verification code says and where it never appears, on PGlite and PostgreSQL: Vigil's
 * fixed words with the code and the account it is for, never the method's label (a spammer's
 * "Claim your prize" would reach a stranger); not in an email's subject; not in any log line,
 * with SMTP, with the log mailer (no SMTP_HOST), or when a failing receiver echoes it back.
 */
const PRIZE = 'Claim your prize at https://prize.example';

const expectedText = (code: string, account: string) =>
  `Your Vigil verification code is ${code}. Enter it within 15 minutes to receive the alerts of the Vigil account ${account} ` +
  '(console.test) here. If you did not ask for it, ignore this message: nothing more is sent here unless the code is entered.';

/** Lines holding the code as a number of its own (a timestamp's digits are not it). */
const linesWith = (lines: string[], code: string) => lines.filter((line) => new RegExp(`(?<!\\d)${code}(?!\\d)`).test(line));

/** An app whose log lines are kept. */
async function loggedApp(overrides: Parameters<typeof createTestApp>[0] = {}) {
  const lines: string[] = [];
  const app = await createTestApp({ logLevel: 'debug', ...overrides }, { logStream: { write: (line) => lines.push(line) } });
  return { t: app, lines };
}

async function addMethod(t: TestApp, user: TestUser, fields: Omit<ContactMethodCreate, 'label'>): Promise<string> {
  const { id } = await createMethod(t, user, { label: `${PRIZE} ${fields.kind}`, ...fields });
  answered(await callAs(t, user, 'POST', `${METHODS}/${id}/send-code`), 202);
  return id;
}

let logged: Awaited<ReturnType<typeof loggedApp>>;
let receiver: HookReceiver;

beforeAll(async () => {
  logged = await loggedApp();
  receiver = await new HookReceiver().start();
});
afterAll(async () => {
  await logged?.t.close();
  await receiver?.stop();
});

describe('the message', () => {
  it('is the same fixed text through every channel, with the code and the account, never the label', async () => {
    const { t, lines } = logged;
    const user = await t.createUser();
    const codes: string[] = [];

    await addMethod(t, user, { kind: 'webhook', target: receiver.url('/words') });
    const hook = await receiver.waitFor((h) => h.path === '/words');
    const payload = JSON.parse(hook.body);
    expect(payload.text).toBe(expectedText(payload.code, user.email));
    codes.push(payload.code);

    await addMethod(t, user, { kind: 'slack', target: receiver.url('/services/T/B/words') });
    const slack = JSON.parse((await receiver.waitFor((h) => h.path === '/services/T/B/words')).body);
    const slackCode = /code is (\d{6})/.exec(slack.text)?.[1] ?? '';
    expect(slack.text).toBe(expectedText(slackCode, user.email));
    codes.push(slackCode);

    await addMethod(t, user, { kind: 'ntfy', target: receiver.url('/'), topic: 'push' });
    const ntfy = await receiver.waitFor((h) => h.path === '/push');
    expect(ntfy.headers.title).toBe('Vigil verification code');
    const ntfyCode = /code is (\d{6})/.exec(ntfy.body)?.[1] ?? '';
    expect(ntfy.body).toBe(expectedText(ntfyCode, user.email));
    codes.push(ntfyCode);

    const address = `words-${user.id.slice(0, 8)}@example.com`;
    const emailId = await addMethod(t, user, { kind: 'email', target: address });
    const mail = await t.mail.waitFor((m) => m.to.includes(address));
    expect(mail.subject).toBe('Vigil - Your verification code');
    const mailCode = /Your verification code is (\d{6})\./.exec(mail.text)?.[1] ?? '';
    expect(mail.text).toContain(
      `Enter it in Vigil (console.test) within 15 minutes to receive the alerts of the Vigil account ${user.email} at this address.`,
    );
    codes.push(mailCode);
    const verified = await t.app.inject({
      method: 'POST',
      url: `${METHODS}/${emailId}/verify`,
      headers: user.auth,
      payload: { code: mailCode },
    });
    expect(verified.statusCode, verified.body).toBe(200);

    for (const sent of [hook.body, slack.text, ntfy.body, mail.subject, mail.text, mail.html]) expect(sent).not.toContain('prize');
    expect(codes.every((code) => /^\d{6}$/.test(code))).toBe(true);
    // The mailer logged the email it sent, by its subject; no code is in any line.
    await eventually(() => lines.find((l) => l.includes('"email sent"') && l.includes(address)), 'the email logged');
    const sentLine = JSON.parse(lines.find((l) => l.includes('"email sent"') && l.includes(address)) ?? '{}');
    expect(sentLine.email).toEqual({ to: address, subject: 'Vigil - Your verification code' });
    for (const code of codes) expect(linesWith(lines, code)).toEqual([]);
  });
});

describe('the code in no log line', () => {
  it('when a failing receiver echoes the request back', async () => {
    const { t, lines } = logged;
    const bodies: string[] = [];
    const echo = http.createServer((req, res) => {
      let text = '';
      req.on('data', (chunk) => (text += chunk));
      req.on('end', () => {
        bodies.push(text);
        res.writeHead(500).end(text);
      });
    });
    await new Promise<void>((resolve) => echo.listen(0, '127.0.0.1', resolve));
    try {
      const user = await t.createUser();
      const { port } = echo.address() as AddressInfo;
      const id = await addMethod(t, user, { kind: 'ntfy', target: `http://127.0.0.1:${port}`, topic: 'echo' });
      const row = () =>
        t.db
          .selectFrom('notifications')
          .select('last_error')
          .where('contact_method_id', '=', id)
          .where('last_error', 'is not', null)
          .executeTakeFirst();
      const failed = await eventually(row, 'a failed attempt recorded');
      await eventually(() => lines.some((l) => l.includes('notification failed; it will be retried')), 'the failure logged');
      expect(failed.last_error).toMatch(/^HTTP 500 from 127\.0\.0\.1:\d+: Your Vigil verification code is \[code\]\. Enter it/);
      const codes = bodies.map((b) => /code is (\d{6})/.exec(b)?.[1] ?? 'none');
      expect(codes.length).toBeGreaterThan(0);
      for (const code of codes) expect(linesWith(lines, code)).toEqual([]);
    } finally {
      echo.closeAllConnections();
      await new Promise((resolve) => echo.close(resolve));
    }
  });

  it('with the log mailer (no SMTP_HOST), which logs subjects and links', async () => {
    const { t, lines } = await loggedApp({ smtp: undefined });
    try {
      const user = await t.createUser();
      const address = `logged-${user.id.slice(0, 8)}@example.com`;
      const id = await addMethod(t, user, { kind: 'email', target: address });
      const line = await eventually(() => lines.find((l) => l.includes('email not sent (no SMTP_HOST)') && l.includes(address)), 'logged');
      expect(JSON.parse(line).email).toEqual({ to: address, subject: 'Vigil - Your verification code', links: [] });
      // The code itself, found from its stored hash: in no line.
      const { code_hash } = await t.db.selectFrom('contact_methods').select('code_hash').where('id', '=', id).executeTakeFirstOrThrow();
      let code = '';
      for (let n = 0; n < 1_000_000 && !code; n++) {
        const candidate = String(n).padStart(6, '0');
        if (createHash('sha256').update(`${id}:${candidate}`).digest('hex') === code_hash) code = candidate;
      }
      expect(code).toMatch(/^\d{6}$/);
      expect(linesWith(lines, code)).toEqual([]);
    } finally {
      await t.close();
    }
  });
});
