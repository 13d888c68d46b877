// @vitest-environment jsdom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { ContactMethodPublic } from '@vigil/shared';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type FakeAnswer, type FakeApi, fakeApi } from '../../../shared/src/testing/fakeApi';
import { PHONE_MESSAGES } from '../../../shared/src/validation/rules';
import { CreateContactMethodDialog, VerifyContactMethodDialog } from './ContactMethodDialogs';

/** Answers go through react-query and the fake server: more than the default second on a loaded machine. */
const WAIT = { timeout: 5_000 };

const HOOK: ContactMethodPublic = {
  id: '1f2e3d4c-5b6a-4978-8695-a4b3c2d1e0f9',
  kind: 'webhook',
  label: 'Work hook',
  target: 'https://example.com/vigil',
  topic: null,
  secret_hint: 'ab12',
  verified: false,
  verified_at: null,
  code_requested_at: null,
  last_test: null,
  created_at: '2025-01-01T00:00:00Z',
  updated_at: '2025-01-01T00:00:00Z',
};
const METHODS = '/api/v1/users/me/contact-methods';

let answers: Record<string, FakeAnswer>;
let api: FakeApi;
beforeEach(() => {
  answers = {};
  api = fakeApi((request) => answers[`${request.method} ${request.path}`]);
});
afterEach(cleanup);

const renderAdd = (onClose = vi.fn(), onCreated = vi.fn()) =>
  api.render(<CreateContactMethodDialog open onClose={onClose} onCreated={onCreated} />);
const renderVerify = (onClose = vi.fn()) => api.render(<VerifyContactMethodDialog method={HOOK} onClose={onClose} />);

const click = (name: string) => act(async () => fireEvent.click(screen.getByRole('button', { name })));
const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label, { selector: 'input' }), { target: { value } });
const message = (text: string) => screen.queryByText(text, { selector: '.fui-Field__validationMessage' });

describe('Add Contact Method', () => {
  it('asks for each field the kind needs, then adds the method and hands it on with its secret', async () => {
    const created = { ...HOOK, kind: 'ntfy', target: 'https://ntfy.sh', topic: 'vigil-ada', secret: null };
    answers[`POST ${METHODS}`] = { status: 201, body: created };
    const onClose = vi.fn();
    const onCreated = vi.fn();
    renderAdd(onClose, onCreated);
    expect(screen.getByRole('heading', { name: 'Add Contact Method' })).toBeTruthy();
    await click('Save');
    expect(message('Label is required')).toBeTruthy();
    expect(message('Webhook URL is required')).toBeTruthy();

    fireEvent.click(screen.getByRole('combobox', { name: /^Kind/ }));
    fireEvent.click(await screen.findByRole('option', { name: 'ntfy' }, WAIT));
    expect(message('ntfy server URL is required')).toBeTruthy();
    expect(message('Topic is required')).toBeTruthy();
    expect(api.sent).toEqual([]);

    type(/^Label/, ' Phone ');
    type(/^ntfy server URL/, ' https://ntfy.sh ');
    type(/^Topic/, 'vigil-ada');
    type(/^Access token/, 'tk_123');
    await click('Save');
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), WAIT);
    expect(api.sent).toEqual([
      {
        method: 'POST',
        path: METHODS,
        body: { kind: 'ntfy', label: 'Phone', target: 'https://ntfy.sh', topic: 'vigil-ada', access_token: 'tk_123' },
      },
    ]);
    expect(onCreated).toHaveBeenCalledWith(created);
    expect(await screen.findByText('The contact method was added: send it a code to verify it', {}, WAIT)).toBeTruthy();
  });

  it("shows a 422's item at its field and stays open", async () => {
    answers[`POST ${METHODS}`] = {
      status: 422,
      body: { detail: [{ loc: ['body', 'target'], msg: 'This address is not reachable from the server', type: 'value_error' }] },
    };
    const onClose = vi.fn();
    renderAdd(onClose);
    type(/^Label/, 'Work hook');
    type(/^Webhook URL/, 'https://10.0.0.1/hook');
    await click('Save');
    expect(
      await screen.findByText('This address is not reachable from the server', { selector: '.fui-Field__validationMessage' }, WAIT),
    ).toBeTruthy();
    expect(screen.getAllByText('This address is not reachable from the server')).toHaveLength(1);
    expect(api.sent.map((r) => r.body)).toEqual([{ kind: 'webhook', label: 'Work hook', target: 'https://10.0.0.1/hook' }]);
    expect(onClose).not.toHaveBeenCalled();
  });
});

describe('Add an SMS or voice method', () => {
  const pickKind = async (name: string) => {
    fireEvent.click(screen.getByRole('combobox', { name: /^Kind/ }));
    fireEvent.click(await screen.findByRole('option', { name }, WAIT));
  };

  it('asks for a number in international format and sends it without its spaces', async () => {
    answers[`POST ${METHODS}`] = { body: { ...HOOK, kind: 'sms', target: '+14155550100', secret: null } };
    const onClose = vi.fn();
    renderAdd(onClose);
    await pickKind('SMS');
    const number = screen.getByLabelText(/^Phone number/, { selector: 'input' }) as HTMLInputElement;
    expect(number.placeholder).toBe('+14155550100');
    expect(number.type).toBe('tel');
    expect(screen.getByText(/^International format/)).toBeTruthy();
    type(/^Label/, 'Mobile');
    await click('Save');
    expect(message('Phone number is required')).toBeTruthy();
    type(/^Phone number/, '415 555 0100');
    expect(message(PHONE_MESSAGES.invalid)).toBeTruthy();
    expect(api.sent).toEqual([]);
    type(/^Phone number/, '+1 (415) 555-0100');
    await click('Save');
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), WAIT);
    expect(api.sent.map((r) => r.body)).toEqual([{ kind: 'sms', label: 'Mobile', target: '+14155550100' }]);
  });

  it("shows the server's refusal of a number at the field: its 422, or a 409 when no provider calls", async () => {
    answers[`POST ${METHODS}`] = {
      status: 422,
      body: { detail: [{ loc: ['body', 'target'], msg: 'Value error, not a valid phone number for its country', type: 'value_error' }] },
    };
    renderAdd();
    await pickKind('Voice call');
    type(/^Label/, 'Desk');
    type(/^Phone number/, '+15555555555');
    await click('Save');
    expect(
      await screen.findByText('Value error, not a valid phone number for its country', { selector: '.fui-Field__validationMessage' }, WAIT),
    ).toBeTruthy();

    answers[`POST ${METHODS}`] = { status: 409, body: { detail: 'Voice calls are not set up on this Vigil: ask an administrator' } };
    type(/^Phone number/, '+14155550100');
    await click('Save');
    expect(
      await screen.findByText(
        'Voice calls are not set up on this Vigil: ask an administrator',
        { selector: '.fui-Field__validationMessage' },
        WAIT,
      ),
    ).toBeTruthy();
  });
});

describe('Verify a contact method', () => {
  it('sends a code, shows a refused code at its field until the code changes, then verifies', async () => {
    answers[`POST ${METHODS}/${HOOK.id}/send-code`] = { body: { message: 'A code is on its way to Work hook.' } };
    answers[`POST ${METHODS}/${HOOK.id}/verify`] = { status: 400, body: { detail: 'This code is not valid.' } };
    const onClose = vi.fn();
    renderVerify(onClose);
    expect(screen.getByRole('heading', { name: 'Verify Work hook' })).toBeTruthy();
    await click('Verify');
    expect(message('Enter the 6-digit code')).toBeTruthy();

    await click('Send code');
    expect((await screen.findByRole('status', {}, WAIT)).textContent).toBe('A code is on its way to Work hook.');
    type(/^Verification code/, '12 34a56');
    expect((screen.getByLabelText(/^Verification code/, { selector: 'input' }) as HTMLInputElement).value).toBe('123456');
    await click('Verify');
    expect(await screen.findByText('This code is not valid.', { selector: '.fui-Field__validationMessage' }, WAIT)).toBeTruthy();
    type(/^Verification code/, '123457');
    expect(message('This code is not valid.')).toBeNull();

    answers[`POST ${METHODS}/${HOOK.id}/verify`] = { body: { ...HOOK, verified: true } };
    await click('Verify');
    await waitFor(() => expect(onClose).toHaveBeenCalledTimes(1), WAIT);
    expect(api.sent.map((r) => [r.path, r.body])).toEqual([
      [`${METHODS}/${HOOK.id}/send-code`, undefined],
      [`${METHODS}/${HOOK.id}/verify`, { code: '123456' }],
      [`${METHODS}/${HOOK.id}/verify`, { code: '123457' }],
    ]);
    expect(await screen.findByText('The contact method was verified: it now receives alerts', {}, WAIT)).toBeTruthy();
  });
});
