// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { ProviderPublic } from '@vigil/shared';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeAnswer, type FakeApi, fakeApi } from '../../../shared/src/testing/fakeApi';
import { SECRETS_UNREADABLE } from './ProviderCard';
import { ProvidersSection } from './ProvidersSection';
import { NOT_JSON_OBJECT } from './providerFields';

const WAIT = { timeout: 5_000 };
const PROVIDERS = '/api/v1/notification-providers';
const SID = `AC${'a'.repeat(32)}`;

const provider = (over: Partial<ProviderPublic> & Pick<ProviderPublic, 'kind' | 'title'>): ProviderPublic => ({
  configured: false,
  config: {},
  secret_hints: {},
  secrets_readable: true,
  updated_at: null,
  ...over,
});

let providers: ProviderPublic[];
let answers: Record<string, FakeAnswer>;
let api: FakeApi;
const changes = () => api.sent.filter((r) => r.method !== 'GET');

beforeEach(() => {
  providers = [
    provider({
      kind: 'twilio',
      title: 'Twilio',
      configured: true,
      config: { account_sid: SID, from_number: '+15005550006' },
      secret_hints: { auth_token: '…1234' },
      updated_at: '2026-01-01T00:00:00Z',
    }),
    provider({ kind: 'sms_gateway', title: 'HTTP SMS gateway', secret_hints: { secret_headers: null, inbound_secret: null } }),
    provider({ kind: 'slack_app', title: 'Slack app', secret_hints: { bot_token: null, signing_secret: null } }),
    provider({
      kind: 'telegram',
      title: 'Telegram bot',
      secret_hints: { bot_token: '…wxyz', webhook_secret: null },
      secrets_readable: false,
    }),
  ];
  answers = {};
  api = fakeApi((request) => {
    if (request.method === 'GET' && request.path === `${PROVIDERS}/`) return { body: { data: providers, count: providers.length } };
    return answers[`${request.method} ${request.path}`];
  });
});
afterEach(cleanup);

const card = async (title: string) => screen.findByRole('group', { name: title }, WAIT);
const typeIn = (scope: HTMLElement, label: RegExp, value: string) =>
  fireEvent.change(within(scope).getByLabelText(label, { selector: 'input, textarea' }), { target: { value } });
const clickIn = (scope: HTMLElement, name: string) => act(async () => fireEvent.click(within(scope).getByRole('button', { name })));

describe('Notification providers', () => {
  it('shows each provider with its stored settings and secret hints, and saves one keeping a blank secret', async () => {
    answers[`PUT ${PROVIDERS}/twilio`] = { body: { ...providers[0], config: { account_sid: SID, from_number: '+15005550007' } } };
    api.render(<ProvidersSection />);
    const twilio = await card('Twilio');
    expect(within(twilio).getByText('Set up')).toBeTruthy();
    expect((within(twilio).getByLabelText(/^Account SID/) as HTMLInputElement).value).toBe(SID);
    expect(within(twilio).getByText(/…1234 stored; leave blank to keep/)).toBeTruthy();
    expect((within(twilio).getByLabelText(/^Auth token/, { selector: 'input' }) as HTMLInputElement).type).toBe('password');
    expect(within(await card('Slack app')).getByText('Not set up')).toBeTruthy();

    typeIn(twilio, /^From number/, ' +15005550007 ');
    await clickIn(twilio, 'Save');
    await waitFor(() => expect(changes()).toHaveLength(1), WAIT);
    // The secret left blank is left out: the stored one stays.
    expect(changes()[0]).toEqual({
      method: 'PUT',
      path: `${PROVIDERS}/twilio`,
      body: { account_sid: SID, from_number: '+15005550007' },
    });
    expect(await screen.findByText('Twilio saved', {}, WAIT)).toBeTruthy();
  });

  it('checks required and JSON fields before sending, and shows the server refusal at its field', async () => {
    answers[`PUT ${PROVIDERS}/sms_gateway`] = {
      status: 422,
      body: { detail: [{ loc: ['body', 'url'], msg: 'Value error, this address is not reachable from the server', type: 'value_error' }] },
    };
    api.render(<ProvidersSection />);
    const gateway = await card('HTTP SMS gateway');
    await clickIn(gateway, 'Save');
    expect(within(gateway).getByText('Gateway URL is required')).toBeTruthy();
    expect(within(gateway).getByText('Body template is required')).toBeTruthy();
    typeIn(gateway, /^Gateway URL/, 'https://10.0.0.1/send');
    typeIn(gateway, /^Body template/, '{"to":"{{to}}","text":"{{text}}"}');
    typeIn(gateway, /^Headers/, '["not", "an object"]');
    typeIn(gateway, /^Secret headers/, '{"Authorization": "Bearer s3cret"}');
    await clickIn(gateway, 'Save');
    expect(within(gateway).getByText(NOT_JSON_OBJECT)).toBeTruthy();
    expect(changes()).toEqual([]);

    typeIn(gateway, /^Headers/, '{"X-Account": "ops"}');
    await clickIn(gateway, 'Save');
    await waitFor(() => expect(changes()).toHaveLength(1), WAIT);
    expect(changes()[0]?.body).toEqual({
      url: 'https://10.0.0.1/send',
      headers: { 'X-Account': 'ops' },
      secret_headers: '{"Authorization": "Bearer s3cret"}',
      body_template: '{"to":"{{to}}","text":"{{text}}"}',
    });
    expect(await within(gateway).findByText('Value error, this address is not reachable from the server', {}, WAIT)).toBeTruthy();
  });

  it('warns when the stored secrets cannot be read, and removes a provider after confirming', async () => {
    answers[`DELETE ${PROVIDERS}/telegram`] = { body: { message: 'Telegram bot removed' } };
    api.render(<ProvidersSection />);
    const telegram = await card('Telegram bot');
    expect(within(telegram).getByText(SECRETS_UNREADABLE)).toBeTruthy();
    expect(within(await card('Twilio')).queryByText(SECRETS_UNREADABLE)).toBeNull();

    await clickIn(telegram, 'Remove');
    const confirm = await screen.findByRole('alertdialog', { hidden: true }, WAIT);
    expect(within(confirm).getByText(/Its settings and secrets are deleted/)).toBeTruthy();
    expect(changes()).toEqual([]);
    await act(async () => fireEvent.click(within(confirm).getByText('Remove', { selector: 'button' })));
    await waitFor(() => expect(changes()).toEqual([{ method: 'DELETE', path: `${PROVIDERS}/telegram`, body: undefined }]), WAIT);
    expect(await screen.findByText('Telegram bot removed', {}, WAIT)).toBeTruthy();
  });
});
