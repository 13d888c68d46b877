import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { APIRequestContext } from '@playwright/test';
import { type E2EUser, expect } from './fixtures';

// A stand-in for an ntfy server, for specs whose people need a verified phone method.

/** An ntfy server stand-in on a free port: it keeps the bodies published to it. */
export async function startNtfy() {
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

/** A call to the real API as `token`'s user, which must succeed; its JSON answer. */
export async function call(request: APIRequestContext, method: 'get' | 'post' | 'put', token: string, url: string, data?: object) {
  const res = await request[method](url, { headers: { authorization: `Bearer ${token}` }, data });
  expect(res.ok(), `${method} ${url}: ${res.status()} ${await res.text()}`).toBe(true);
  return res.json();
}

/** A verified ntfy method of the user's (its code read from the stand-in) that a rule uses: they can be woken. Its id. */
export async function makeWakeable(request: APIRequestContext, user: E2EUser, ntfy: Awaited<ReturnType<typeof startNtfy>>) {
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
  return method.id as string;
}
