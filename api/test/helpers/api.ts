import type { HTTPMethods, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import { body, type TestApp, type TestUser } from './testApp.js';

/** A call to the app signed in as `user`, the payload sent as JSON when there is one. */
export const callAs = (t: TestApp, user: TestUser, method: HTTPMethods, url: string, payload?: object): Promise<LightMyRequestResponse> =>
  t.app.inject({ method, url, headers: user.auth, ...(payload !== undefined && { payload }) });

/** The JSON of an answer that must have `status` (200 unless said); the test fails with the body otherwise. */
export function answered(res: LightMyRequestResponse, status = 200): any {
  expect(res.statusCode, res.body).toBe(status);
  return body(res);
}

/** A call whose answer, whatever the route, must carry no password nor its hash. */
export async function injectWithoutPasswords(t: TestApp, options: InjectOptions): Promise<LightMyRequestResponse> {
  const res = await t.app.inject(options);
  expect(res.body).not.toMatch(/password/i);
  return res;
}
