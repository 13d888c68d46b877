// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../shared/src/testing/fakeApi';
import { SignedLinksSetting } from './SignedLinksSetting';
import { ALLOW_SIGNUP_LABEL, SIGNUP_CLOSED, SIGNUP_OPENED, SignupSetting } from './SignupSetting';

let settings = { require_signed_links: false, signed_link_ttl_hours: 72, signup_open: true };
let api: FakeApi;

const toggle = () => screen.getByRole('switch', { name: ALLOW_SIGNUP_LABEL }) as HTMLInputElement;

beforeEach(() => {
  settings = { require_signed_links: false, signed_link_ttl_hours: 72, signup_open: true };
  // The real hooks and client, with a fake server behind fetch.
  api = fakeApi((request) => {
    if (request.method === 'PATCH') settings = { ...settings, ...(request.body as object) };
    return { body: settings };
  });
});
afterEach(cleanup);

describe('Allow sign-up switch', () => {
  it('shows sign-up open, closes and opens it with a toast each time, sending that setting alone', async () => {
    api.render(<SignupSetting enabled />);
    await waitFor(() => expect(toggle().checked).toBe(true));
    expect(screen.getByRole('heading', { name: 'Accounts' })).toBeTruthy();

    fireEvent.click(toggle());
    await screen.findByText(SIGNUP_CLOSED);
    expect(toggle().checked).toBe(false);
    fireEvent.click(toggle());
    await screen.findByText(SIGNUP_OPENED);
    expect(toggle().checked).toBe(true);
    expect(api.sent.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([{ signup_open: false }, { signup_open: true }]);
  });

  it('sits beside the signed-links switch, the two reading one settings request', async () => {
    settings.signup_open = false;
    api.render(
      <>
        <SignupSetting enabled />
        <SignedLinksSetting enabled />
      </>,
    );
    await waitFor(() => expect(toggle().checked).toBe(false));
    expect((screen.getByRole('switch', { name: 'Require signed links' }) as HTMLInputElement).checked).toBe(false);
    expect(api.sent.filter((r) => r.method === 'GET')).toHaveLength(1);
  });

  it('is not shown, and never asks the API, for anyone but a superuser', () => {
    api.render(<SignupSetting enabled={false} />);
    expect(screen.queryByRole('switch')).toBeNull();
    expect(api.sent).toEqual([]);
  });
});
