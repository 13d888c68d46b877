import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext } from '@playwright/test';
import { type E2EUser, expect, signIn, test } from './fixtures';

// Who a schedule or policy reaches and cannot be woken, on the real server (nothing mocked):
// one person has a verified ntfy method a rule uses (verified with the code its ntfy server, a
// receiver this test starts, was sent), the other nothing but their account. The schedule's
// page and the policy's editor name only the second, why, and link them to their own methods.

/** An ntfy server stand-in on a free port: it keeps the bodies published to it. */
async function startNtfy() {
  const bodies: string[] = [];
  const server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      bodies.push(body);
      res.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}`, bodies, close: () => new Promise((resolve) => server.close(resolve)) };
}

async function call(request: APIRequestContext, method: 'get' | 'post' | 'put', token: string, url: string, data?: object) {
  const res = await request[method](url, { headers: { authorization: `Bearer ${token}` }, data });
  expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

/** A verified ntfy method of the user's that a rule uses: they can be woken. */
async function wakeable(request: APIRequestContext, user: E2EUser, ntfy: Awaited<ReturnType<typeof startNtfy>>) {
  const methods = '/api/v1/users/me/contact-methods';
  const method = await call(request, 'post', user.token, methods, { kind: 'ntfy', label: 'Phone', target: ntfy.url, topic: 'pager' });
  const before = ntfy.bodies.length;
  await call(request, 'post', user.token, `${methods}/${method.id}/send-code`);
  await expect.poll(() => ntfy.bodies.slice(before).find((b) => /code is \d{6}/.test(b)), { timeout: 30_000 }).toBeTruthy();
  const code = /code is (\d{6})/.exec(ntfy.bodies.slice(before).find((b) => /code is \d{6}/.test(b)) ?? '')?.[1];
  await call(request, 'post', user.token, `${methods}/${method.id}/verify`, { code });
  await call(request, 'put', user.token, '/api/v1/users/me/notification-rules', {
    rules: [{ contact_method_id: method.id, delay_minutes: 0 }],
  });
}

test('Who can be woken: a schedule and a policy name those an alert would not wake, and why', async ({ page, api, request }) => {
  test.setTimeout(90_000);
  const ntfy = await startNtfy();
  try {
    const owner = await api.createUser({ full_name: 'Rhea Owner' });
    const pat = await api.createUser({ full_name: 'Pat Pager' });
    await wakeable(request, pat, ntfy);
    const schedule = await call(request, 'post', owner.token, '/api/v1/schedules/', { name: 'Night watch', time_zone: 'UTC' });
    await call(request, 'post', (await api.admin()).token, `/api/v1/teams/${schedule.team_id}/members`, {
      user_id: pat.id,
      role: 'responder',
    });
    await call(request, 'post', owner.token, `/api/v1/schedules/${schedule.id}/rotations`, {
      name: 'Nights',
      user_ids: [owner.id, pat.id],
      shift_unit: 'days',
      shift_count: 1,
      starts_at: '2025-01-06T00:00:00Z',
    });

    await signIn(page, owner, `/oncall/schedules/${schedule.id}`);
    const main = page.getByRole('main');
    const warning = main.getByTestId('reachability-warning');
    await expect(warning).toContainText('1 person on this schedule cannot be woken by an alert');
    await expect(warning.getByRole('listitem')).toHaveText([
      'Rhea Owner: no verified contact method (only their account email is sent) — set up your contact methods',
    ]);
    await expect(warning).not.toContainText('Pat Pager');

    // The policy reaches the schedule's people and one more named directly.
    const sam = await api.createUser({ full_name: 'Sam Mailonly' });
    await call(request, 'post', (await api.admin()).token, `/api/v1/teams/${schedule.team_id}/members`, {
      user_id: sam.id,
      role: 'responder',
    });
    await call(request, 'post', sam.token, '/api/v1/users/me/contact-methods', { kind: 'email', label: 'Inbox', target: sam.email });
    const policy = await call(request, 'post', owner.token, '/api/v1/escalation-policies/', {
      name: 'Nights policy',
      team_id: schedule.team_id,
      levels: [{ delay_minutes: 15, targets: { user_ids: [sam.id, pat.id], schedule_ids: [schedule.id] } }],
    });
    await page.goto(`/oncall/policies/${policy.id}`);
    // The owner administers the team: the editor opens, the warning at its top.
    const editor = page.getByRole('dialog', { name: 'Edit Escalation Policy' });
    const inEditor = editor.getByTestId('reachability-warning');
    await expect(inEditor).toContainText('2 people this policy reaches cannot be woken by an alert');
    // By email, which is random here: each line is looked for.
    await expect(inEditor.getByRole('listitem')).toHaveCount(2);
    await expect(inEditor.getByRole('listitem').filter({ hasText: 'Rhea Owner' })).toHaveText(
      'Rhea Owner: no verified contact method (only their account email is sent) — set up your contact methods',
    );
    await expect(inEditor.getByRole('listitem').filter({ hasText: 'Sam Mailonly' })).toHaveText(
      'Sam Mailonly: no verified contact method (only their account email is sent)',
    );
    await editor.getByRole('button', { name: 'Cancel' }).click();
    await expect(editor).toBeHidden();

    // The viewer's own line leads to their contact methods.
    await main.getByTestId('reachability-warning').getByRole('button', { name: 'set up your contact methods' }).click();
    await expect(page).toHaveURL(/\/oncall\/contact-methods$/);
    await expect(main.getByRole('tab', { name: 'Contact methods' })).toHaveAttribute('aria-selected', 'true');
  } finally {
    await ntfy.close();
  }
});
