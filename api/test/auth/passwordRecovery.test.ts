import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { body, createTestApp, SUPERUSER, type TestApp } from '../helpers/testApp.js';
import { updateUser } from '../helpers/users.js';

const SENT = { message: 'Password recovery email sent' };

describe('password recovery through a real SMTP server', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const recover = (email: string) => t.app.inject({ method: 'POST', url: `/api/v1/password-recovery/${encodeURIComponent(email)}` });
  const reset = (token: string, new_password: string) =>
    t.app.inject({ method: 'POST', url: '/api/v1/reset-password/', payload: { token, new_password } });
  const tokenFrom = (text: string) => {
    const link = text.match(/http:\/\/console\.test\/reset-password\?token=([\w%-]+)/);
    if (!link?.[1]) throw new Error(`no reset link in: ${text}`);
    return decodeURIComponent(link[1]);
  };

  it('answers the same for an unknown email and sends nothing', async () => {
    const res = await recover('nobody-here@example.com');
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual(SENT);
    await new Promise((r) => setTimeout(r, 300));
    expect(t.mail.to('nobody-here@example.com')).toHaveLength(0);
  });

  it('mails a one-time link that resets the password once and ends old sessions', async () => {
    const user = await t.createUser({ email: 'forgetful@example.com', password: 'old-password' });
    const res = await recover('Forgetful@example.com');
    expect(body(res)).toEqual(SENT);
    const mail = await t.mail.waitFor((m) => m.to.includes('forgetful@example.com') && m.subject.includes('Password recovery'));
    expect(mail.html).toContain('http://console.test/reset-password?token=');
    const token = tokenFrom(mail.text);

    const first = await reset(token, 'brand-new-password');
    expect(first.statusCode).toBe(200);
    expect(body(first)).toEqual({ message: 'Password updated successfully' });
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users/me', headers: user.auth })).statusCode).toBe(401);
    expect(await t.login(user.email, 'brand-new-password')).toBeTruthy();
    await expect(t.login(user.email, 'old-password')).rejects.toThrow();

    const again = await reset(token, 'third-password-x');
    expect(again.statusCode).toBe(400);
    expect(body(again)).toEqual({ detail: 'Invalid token' });
  });

  it('mails nothing to a deactivated account, same answer; a link mailed before the deactivation is refused', async () => {
    const user = await t.createUser({ email: 'deactivated@example.com', password: 'old-password' });
    await recover(user.email);
    const token = tokenFrom(
      (await t.mail.waitFor((m) => m.to.includes('deactivated@example.com') && m.subject.includes('Password recovery'))).text,
    );
    await updateUser(t, user.id, { is_active: false });
    const stored = () => t.db.selectFrom('password_reset_tokens').select('token_hash').where('user_id', '=', user.id).execute();
    const before = await stored();

    const res = await recover(user.email);
    expect(res.statusCode).toBe(200);
    expect(body(res)).toEqual(SENT);
    // No new token: the email is built from one, so none can go out.
    expect(await stored()).toEqual(before);

    const refused = await reset(token, 'while-inactive');
    expect(refused.statusCode).toBe(400);
    expect(body(refused)).toEqual({ detail: 'Inactive user' });
    await updateUser(t, user.id, { is_active: true });
    expect(await t.login(user.email, 'old-password')).toBeTruthy();
    expect(t.mail.to('deactivated@example.com').filter((m) => m.subject.includes('Password recovery'))).toHaveLength(1);
  });

  it('refuses a made-up token and an expired one with 400 "Invalid token"', async () => {
    expect(body(await reset('made-up-token', 'some-password'))).toEqual({ detail: 'Invalid token' });
    await t.createUser({ email: 'late@example.com', password: 'old-password' });
    await recover('late@example.com');
    const token = tokenFrom(
      (await t.mail.waitFor((m) => m.to.includes('late@example.com') && m.subject.includes('Password recovery'))).text,
    );
    await t.db
      .updateTable('password_reset_tokens')
      .set({ expires_at: new Date(Date.now() - 1000) })
      .execute();
    const res = await reset(token, 'new-password-1');
    expect(res.statusCode).toBe(400);
    expect(body(res)).toEqual({ detail: 'Invalid token' });
    expect(await t.login('late@example.com', 'old-password')).toBeTruthy();
  });

  it('validates the new password length', async () => {
    const res = await reset('whatever', 'short');
    expect(res.statusCode).toBe(422);
    expect(body(res).detail[0]).toMatchObject({ loc: ['body', 'new_password'], msg: 'String should have at least 8 characters' });
  });

  it('previews the email HTML for superusers only, with a link that does not work', async () => {
    const user = await t.createUser({ email: 'preview@example.com', password: 'keep-password' });
    const url = '/api/v1/password-recovery-html-content/preview@example.com';
    expect((await t.app.inject({ method: 'POST', url })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url, headers: user.auth })).statusCode).toBe(403);
    const res = await t.app.inject({ method: 'POST', url, headers: t.superuser.auth });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/html');
    expect(res.body).toContain('Reset your password');
    const token = decodeURIComponent(res.body.match(/reset-password\?token=([\w%-]+)/)?.[1] ?? '');
    expect(body(await reset(token, 'hijacked-password'))).toEqual({ detail: 'Invalid token' });
    const missing = await t.app.inject({
      method: 'POST',
      url: '/api/v1/password-recovery-html-content/ghost@example.com',
      headers: t.superuser.auth,
    });
    expect(missing.statusCode).toBe(404);
    expect(body(missing)).toEqual({ detail: 'User not found' });
  });
});

describe('password recovery with no SMTP_HOST: the email is written to the log', () => {
  const lines: string[] = [];
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ smtp: undefined }, { logStream: { write: (line) => lines.push(line) } });
  });
  afterAll(() => t.close());

  it('logs the recipient, the subject and a reset link that works, and no password', async () => {
    const user = await t.createUser({ email: 'no-smtp@example.com', password: 'logged-user-pw-1' });
    expect(body(await t.app.inject({ method: 'POST', url: '/api/v1/password-recovery/no-smtp@example.com' }))).toEqual(SENT);
    const entry = await vi.waitFor(() => {
      const found = lines.map((line) => JSON.parse(line)).find((line) => line.email?.subject?.includes('Password recovery'));
      if (!found) throw new Error('no recovery email in the log yet');
      return found;
    });
    expect(entry.msg).toBe('email not sent (no SMTP_HOST): logged instead');
    expect(entry.email.to).toBe(user.email);
    expect(entry.email.subject).toBe('Vigil - Password recovery for no-smtp@example.com');
    expect(entry.email.links).toHaveLength(1);
    const token = decodeURIComponent(entry.email.links[0].match(/^http:\/\/console\.test\/reset-password\?token=([\w%-]+)$/)?.[1] ?? '');
    const reset = await t.app.inject({
      method: 'POST',
      url: '/api/v1/reset-password/',
      payload: { token, new_password: 'logged-new-pw-2' },
    });
    expect(body(reset)).toEqual({ message: 'Password updated successfully' });
    expect(await t.login(user.email, 'logged-new-pw-2')).toBeTruthy();
    expect(t.mail.to(user.email)).toHaveLength(0);

    const all = lines.join('\n');
    for (const secret of ['logged-user-pw-1', 'logged-new-pw-2', SUPERUSER.password, t.config.secretKey]) {
      expect(all).not.toContain(secret);
    }
  });
});
