import { describe, expect, it } from 'vitest';
import { recipientText } from './recipientText';

const row = (fields: Partial<Parameters<typeof recipientText>[0]>) => ({
  channel: 'email' as const,
  method_label: null,
  recipient: null,
  user_name: null,
  ...fields,
});

describe('whom a notification reached', () => {
  it('names a contact method by its channel and label, and its user', () => {
    expect(recipientText(row({ channel: 'webhook', method_label: 'ops-hook', user_name: 'Ada Lovelace' }))).toBe(
      'webhook to ops-hook (Ada Lovelace)',
    );
    expect(recipientText(row({ channel: 'ntfy', method_label: 'phone', recipient: 'https://ntfy.sh/' }))).toBe('ntfy to phone');
  });

  it('shows an address when the API gives it, else whose account address it was', () => {
    expect(recipientText(row({ recipient: 'oncall@example.com' }))).toBe('oncall@example.com');
    expect(recipientText(row({ user_name: 'Administrator' }))).toBe('the account address of Administrator');
    expect(recipientText(row({}))).toBe('the account address of a user');
  });
});
