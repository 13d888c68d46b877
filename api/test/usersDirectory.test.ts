import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { body, createTestApp, type TestApp } from './helpers/testApp.js';

/** GET /users/directory: every signed-in user reads who everyone is (the on-call console's names and people picker). */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /users/directory', () => {
  it('answers every user to any signed-in user, by name then email, with only what names them', async () => {
    const zoe = await t.createUser({ email: 'zoe@example.com', full_name: 'Zed Ann' });
    const bob = await t.createUser({ email: 'bob@example.com', full_name: 'Aaron Bob' });
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/users/directory', headers: zoe.auth });
    expect(res.statusCode, res.body).toBe(200);
    const { data, count } = body(res);
    expect(count).toBe(data.length);
    const ids = data.map((u: { id: string }) => u.id);
    expect(ids).toEqual(expect.arrayContaining([zoe.id, bob.id, t.superuser.id]));
    expect(data.find((u: { id: string }) => u.id === zoe.id)).toEqual({
      id: zoe.id,
      email: 'zoe@example.com',
      full_name: 'Zed Ann',
      is_active: true,
    });
    // Ordered by the name shown: Aaron Bob (made second) before Zed Ann.
    expect(ids.indexOf(bob.id)).toBeLessThan(ids.indexOf(zoe.id));
    for (const user of data) expect(Object.keys(user).sort()).toEqual(['email', 'full_name', 'id', 'is_active']);
  });

  it('is refused without a session', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/users/directory' })).statusCode).toBe(401);
  });
});
