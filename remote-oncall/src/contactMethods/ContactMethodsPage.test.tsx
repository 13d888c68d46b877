// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ContactMethodPublic } from '@vigil/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeAnswer, type FakeApi, fakeApi } from '../../../shared/src/testing/fakeApi';
import { ContactMethodsPage } from './ContactMethodsPage';

const WAIT = { timeout: 5_000 };
const METHODS = '/api/v1/users/me/contact-methods';

const method = (n: number, over: Partial<ContactMethodPublic>): ContactMethodPublic => ({
  id: `1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f${n}`,
  kind: 'ntfy',
  label: `method ${n}`,
  target: 'https://ntfy.sh',
  topic: 'ada',
  secret_hint: null,
  verified: true,
  verified_at: '2025-01-01T00:00:00Z',
  code_requested_at: null,
  last_test: null,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
  ...over,
});

let methods: ContactMethodPublic[];
let answers: Record<string, FakeAnswer>;
let api: FakeApi;
beforeEach(() => {
  answers = {};
  api = fakeApi((request) => {
    if (request.method === 'GET' && request.path === METHODS) return { body: { data: methods, count: methods.length } };
    if (request.method === 'GET' && request.path === '/api/v1/users/me/notification-rules') return { body: { rules: [], count: 0 } };
    return answers[`${request.method} ${request.path}`];
  });
});
afterEach(cleanup);

const rowOf = async (label: string) =>
  (await screen.findAllByTestId('contact-method-row', {}, WAIT)).find((row) => within(row).queryByText(label)) as HTMLElement;
const actionsOf = (label: string) => screen.getByRole('button', { name: `Actions for contact method ${label}`, hidden: true });

describe('Contact methods: send a test', () => {
  it("shows each verified method's last test, its error included, and sends a test from a verified method", async () => {
    const phone = method(1, {
      label: 'Phone',
      last_test: { status: 'sent', requested_at: '2025-01-02T10:00:00Z', sent_at: '2025-01-02T10:00:02Z', error: null },
    });
    const hook = method(2, {
      kind: 'webhook',
      label: 'Hook',
      topic: null,
      last_test: { status: 'failed', requested_at: '2025-01-02T10:00:00Z', sent_at: null, error: 'HTTP 500 from hooks.example.com: down' },
    });
    const fresh = method(3, { kind: 'sms', label: 'Mobile', target: '+14155550100', topic: null, verified: false, verified_at: null });
    methods = [phone, hook, fresh];
    answers[`POST ${METHODS}/${phone.id}/test`] = { status: 202, body: { message: 'A test is on its way to Phone' } };
    api.render(<ContactMethodsPage />);

    expect(within(await rowOf('Phone')).getByText('Test sent')).toBeTruthy();
    expect(within(await rowOf('Hook')).getByText('Test failed')).toBeTruthy();
    expect(within(await rowOf('Hook')).getByText('HTTP 500 from hooks.example.com: down')).toBeTruthy();
    expect(within(await rowOf('Mobile')).getByText('SMS')).toBeTruthy();
    expect(within(await rowOf('Mobile')).queryByText(/^Test/)).toBeNull();

    // An unverified method is verified first: it has no test.
    fireEvent.click(actionsOf('Mobile'));
    expect(await screen.findByRole('menuitem', { name: 'Verify', hidden: true }, WAIT)).toBeTruthy();
    expect(screen.queryByRole('menuitem', { name: 'Send a test', hidden: true })).toBeNull();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });

    fireEvent.click(actionsOf('Phone'));
    await act(async () => fireEvent.click(await screen.findByRole('menuitem', { name: 'Send a test', hidden: true }, WAIT)));
    await waitFor(() => expect(api.sent.map((r) => `${r.method} ${r.path}`)).toContain(`POST ${METHODS}/${phone.id}/test`), WAIT);
    expect(await screen.findByText('A test is on its way to Phone', {}, WAIT)).toBeTruthy();
  });

  it('says why a test was refused (too many) in the error toast', async () => {
    const phone = method(1, { label: 'Phone' });
    methods = [phone];
    answers[`POST ${METHODS}/${phone.id}/test`] = {
      status: 429,
      body: { detail: 'You have asked for 5 tests in the last 10 minutes, the most one user may: try again later' },
    };
    api.render(<ContactMethodsPage />);
    await rowOf('Phone');
    fireEvent.click(actionsOf('Phone'));
    await act(async () => fireEvent.click(await screen.findByRole('menuitem', { name: 'Send a test', hidden: true }, WAIT)));
    expect(await screen.findByText(/You have asked for 5 tests in the last 10 minutes/, {}, WAIT)).toBeTruthy();
  });
});
