// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { EscalationContact } from '@vigil/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, type FakeServer, fakeApi } from '../../../shared/src/testing/fakeApi';
import { ContactConfirmations } from './ContactConfirmations';

const ID = '3f1d2c4b-8e9a-4b7c-9d6e-1a2b3c4d5e6f';
const CONTACTS = `/api/v1/integration/${ID}/contacts`;
let superuser = false;
let contacts: EscalationContact[] = [];
let resendAnswer: { status: number; body: unknown } | undefined;

const contact = (email: string, change: Partial<EscalationContact> = {}): EscalationContact => ({
  email,
  status: 'unconfirmed',
  confirmation_requested_at: null,
  resend_available_at: null,
  confirmed_at: null,
  confirmed_by_admin: false,
  ...change,
});

// The real hooks and client, with a fake server behind fetch that keeps the contacts' state.
const server: FakeServer = (request) => {
  const email = (request.body as { email?: string } | undefined)?.email;
  const change = (update: Partial<EscalationContact>) => {
    contacts = contacts.map((c) => (c.email === email ? { ...c, ...update } : c));
    return { body: contacts.find((c) => c.email === email) };
  };
  if (request.path === '/api/v1/users/me') return { body: { id: 'me', email: 'me@example.com', is_superuser: superuser } };
  if (request.method === 'GET' && request.path === CONTACTS) return { body: { data: contacts, count: contacts.length } };
  if (request.path === `${CONTACTS}/resend`) return resendAnswer ?? change({ confirmation_requested_at: new Date().toISOString() });
  if (request.path === `${CONTACTS}/confirm`) return change({ status: 'confirmed', confirmed_by_admin: true });
  return undefined;
};
let api: FakeApi;

const row = (email: string) => {
  const tr = screen.getByText(email, { selector: 'td' }).closest('tr');
  if (!tr) throw new Error(`no row for ${email}`);
  return within(tr);
};

beforeEach(() => {
  api = fakeApi(server);
  superuser = false;
  resendAnswer = undefined;
  localStorage.setItem('access_token', 'token');
  const sentAt = new Date(Date.now() - 60_000).toISOString();
  contacts = [
    contact('ok@example.com', { status: 'confirmed', confirmed_at: sentAt }),
    contact('waiting@example.com', {
      confirmation_requested_at: sentAt,
      resend_available_at: new Date(Date.now() + 3_600_000).toISOString(),
    }),
    contact('never@example.com'),
    contact('no@example.com', { status: 'declined', confirmation_requested_at: sentAt }),
  ];
});
afterEach(cleanup);

describe('the contacts of an escalation policy', () => {
  it("shows each contact's state, and lets the owner send a confirmation only when the API allows it", async () => {
    api.render(<ContactConfirmations integrationId={ID} />);
    await screen.findByRole('table', { name: 'Contacts' });
    expect(row('ok@example.com').getByText('Confirmed')).toBeTruthy();
    expect(row('waiting@example.com').getByText('Not confirmed')).toBeTruthy();
    expect(row('waiting@example.com').getByText(/^Confirmation email sent /)).toBeTruthy();
    expect(row('waiting@example.com').getByText(/^You can send it again after /)).toBeTruthy();
    expect(row('never@example.com').getByText('No confirmation email sent yet')).toBeTruthy();
    expect(row('no@example.com').getByText('Declined')).toBeTruthy();

    const again = row('waiting@example.com').getByRole('button', { name: 'Send the confirmation email to waiting@example.com again' });
    expect(again.hasAttribute('disabled')).toBe(true);
    expect(row('ok@example.com').queryByRole('button')).toBeNull();
    expect(row('no@example.com').queryByRole('button')).toBeNull();
    // Not a superuser: no bypass is offered (its 403 would end the session).
    expect(screen.queryByRole('button', { name: /^Mark / })).toBeNull();

    fireEvent.click(row('never@example.com').getByRole('button', { name: 'Send the confirmation email to never@example.com' }));
    expect(await screen.findByText('Confirmation email sent to never@example.com.')).toBeTruthy();
    await waitFor(() => expect(row('never@example.com').getByText(/^Confirmation email sent /)).toBeTruthy());
    expect(api.sent.filter((r) => r.method === 'POST')).toEqual([
      { method: 'POST', path: `${CONTACTS}/resend`, body: { email: 'never@example.com' } },
    ]);
    expect(api.sent.some((r) => r.path === `${CONTACTS}/confirm`)).toBe(false);
  });

  it("shows the API's refusal of a re-send as the error toast", async () => {
    resendAnswer = { status: 429, body: { detail: 'Too many confirmation emails today; try again later' } };
    api.render(<ContactConfirmations integrationId={ID} />);
    fireEvent.click(await screen.findByRole('button', { name: 'Send the confirmation email to never@example.com' }));
    expect(await screen.findByText('Too many confirmation emails today; try again later')).toBeTruthy();
    expect(row('never@example.com').getByText('No confirmation email sent yet')).toBeTruthy();
  });

  it('offers a superuser to mark a contact confirmed', async () => {
    superuser = true;
    api.render(<ContactConfirmations integrationId={ID} />);
    const mark = await screen.findByRole('button', { name: 'Mark no@example.com confirmed' });
    expect(screen.getByRole('button', { name: 'Mark waiting@example.com confirmed' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Mark ok@example.com confirmed' })).toBeNull();
    fireEvent.click(mark);
    expect(await screen.findByText('no@example.com is confirmed.')).toBeTruthy();
    await waitFor(() => expect(row('no@example.com').getByText('Confirmed by an administrator')).toBeTruthy());
    expect(api.sent.filter((r) => r.method === 'POST')).toEqual([
      { method: 'POST', path: `${CONTACTS}/confirm`, body: { email: 'no@example.com' } },
    ]);
  });
});
