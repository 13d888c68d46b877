import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type APIRequestContext, test as base, expect, type Page } from '@playwright/test';
import { actionLink } from '../api/src/email/actionLinks.js';

export const ADMIN = { email: 'admin@example.com', password: 'e2e-admin-password' };

export interface E2EUser {
  id: string;
  email: string;
  password: string;
  full_name: string | null;
  is_superuser: boolean;
  token: string;
}

/** Talks to the real API of the server under test (no mocks), to arrange what a test needs. */
export class ApiHelper {
  constructor(private readonly request: APIRequestContext) {}

  async token(email: string, password: string): Promise<string> {
    const res = await this.request.post('/api/v1/login/access-token', { form: { username: email, password } });
    expect(res.status(), await res.text()).toBe(200);
    return ((await res.json()) as { access_token: string }).access_token;
  }

  async admin(): Promise<E2EUser> {
    const token = await this.token(ADMIN.email, ADMIN.password);
    const me = await (await this.request.get('/api/v1/users/me', { headers: auth(token) })).json();
    return { ...me, password: ADMIN.password, token };
  }

  /** A fresh user with a unique email, created by the superuser, logged in. */
  async createUser(
    options: { full_name?: string | null; is_superuser?: boolean; password?: string; is_active?: boolean } = {},
  ): Promise<E2EUser> {
    const admin = await this.token(ADMIN.email, ADMIN.password);
    const email = `e2e-${randomUUID().slice(0, 8)}@example.com`;
    const password = options.password ?? 'e2e-password-1';
    const res = await this.request.post('/api/v1/users/', {
      headers: auth(admin),
      data: {
        email,
        password,
        full_name: options.full_name === undefined ? 'E2E Person' : options.full_name,
        is_superuser: options.is_superuser ?? false,
        is_active: options.is_active ?? true,
      },
    });
    expect(res.status(), await res.text()).toBe(200);
    const user = await res.json();
    return { ...user, password, token: options.is_active === false ? '' : await this.token(email, password) };
  }

  async createAlert(token: string, body: { title: string; description?: string | null; severity?: string }) {
    const res = await this.request.post('/api/v1/alert/', { headers: auth(token), data: body });
    expect(res.status(), await res.text()).toBe(200);
    return res.json() as Promise<{ id: string; title: string; state: string }>;
  }

  async createIntegration(token: string, body: { title: string; description?: string | null; team_id?: string }) {
    const res = await this.request.post('/api/v1/integration/', { headers: auth(token), data: body });
    expect(res.status(), await res.text()).toBe(200);
    return res.json() as Promise<{ id: string; title: string }>;
  }

  /** A new escalation policy of the token's user, which the integration then escalates by (its addresses are asked to confirm). */
  async givePolicy(token: string, integrationId: string, policy: { name: string; levels: object[]; max_level?: number | null }) {
    const created = await this.request.post('/api/v1/escalation-policies/', { headers: auth(token), data: policy });
    expect(created.status(), await created.text()).toBe(200);
    const { id } = (await created.json()) as { id: string };
    const taken = await this.request.patch(`/api/v1/integration/${integrationId}`, {
      headers: auth(token),
      data: { escalation_policy_id: id },
    });
    expect(taken.status(), await taken.text()).toBe(200);
    return { id };
  }

  async alert(id: string) {
    return (await this.request.get(`/api/v1/alert/${id}`)).json() as Promise<{ id: string; state: string; escalation_level: number }>;
  }
}

const auth = (token: string) => ({ authorization: `Bearer ${token}` });

/**
 * The signed link a notification email to `recipient` carries, built by the server's own
 * builder (api/src/email/actionLinks.ts) with the server's key: the development SECRET_KEY it
 * generated into its DATA_DIR (`dataDir`: the shared server's unless a test runs its own).
 * `mailedHoursAgo` beyond the 72 h lifetime makes an expired one.
 */
export function signedLinkPath(
  alertId: string,
  recipient: string,
  mailedHoursAgo = 0,
  dataDir = process.env.E2E_DATA_DIR,
): { path: string; token: string } {
  if (!dataDir) throw new Error('E2E_DATA_DIR is not set (playwright.config.ts sets it)');
  const secretKey = readFileSync(join(dataDir, 'secret_key'), 'utf8').trim();
  const mailedAt = new Date(Date.now() - mailedHoursAgo * 3_600_000);
  const link = new URL(actionLink({ frontendHost: 'http://mail.link', secretKey, signedLinkTtlHours: 72 }, alertId, recipient, mailedAt));
  return { path: link.pathname + link.search, token: link.searchParams.get('t') ?? '' };
}

/**
 * Waits until the prerendered /login is hydrated (its form is enabled only then, docs/console/prerendered-pages.md).
 * Hydration may end after the load event: a token stored before it sends the page on to / (a
 * signed-in user's /login) just as the test's next navigation starts, which it can cancel; keys
 * typed before it do not reach the form.
 */
export const loginHydrated = (page: Page) => expect(page.getByRole('button', { name: 'Log In', exact: true })).toBeEnabled();

/**
 * Signs the page in as `user` the way the console does: the raw token in localStorage. The
 * token is stored from a same-origin page that runs none of the console's code (the health
 * check's JSON): nothing there can read or move it, and no console page is loaded and hydrated
 * just to be left. A page signed in already (a test switching users) leaves its page first too.
 */
export async function signIn(page: Page, user: { token: string }, path = '/'): Promise<void> {
  await page.goto('/api/v1/utils/health-check/');
  await page.evaluate((token) => localStorage.setItem('access_token', token), user.token);
  await page.goto(path);
}

export const test = base.extend<{ api: ApiHelper }>({
  api: async ({ request }, use) => {
    await use(new ApiHelper(request));
  },
});

export { expect };
