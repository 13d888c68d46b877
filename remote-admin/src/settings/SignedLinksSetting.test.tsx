// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type FakeApi, fakeApi } from '../../../shared/src/testing/fakeApi';
import { REQUIRE_SIGNED_LINKS_LABEL, SignedLinksSetting } from './SignedLinksSetting';

let settings = { require_signed_links: false, signed_link_ttl_hours: 72, signup_open: true };
let failPatch = false;

let api: FakeApi;

const toggle = () => screen.getByRole('switch', { name: REQUIRE_SIGNED_LINKS_LABEL }) as HTMLInputElement;

beforeEach(() => {
  settings = { require_signed_links: false, signed_link_ttl_hours: 72, signup_open: true };
  failPatch = false;
  // The real hooks and client, with a fake server behind fetch.
  api = fakeApi((request) => {
    if (request.method === 'PATCH' && failPatch) return { status: 500, body: { detail: 'Internal Server Error' } };
    if (request.method === 'PATCH') settings = { ...settings, ...(request.body as object) };
    return { body: settings };
  });
});
afterEach(cleanup);

describe('Require signed links switch', () => {
  it('shows the setting, turns it on and off with a toast each time', async () => {
    api.render(<SignedLinksSetting enabled />);
    await waitFor(() => expect(toggle().checked).toBe(false));
    expect(screen.getByText(/valid for 72 hours/)).toBeTruthy();

    fireEvent.click(toggle());
    await screen.findByText('Signed links are now required.');
    expect(toggle().checked).toBe(true);
    fireEvent.click(toggle());
    await screen.findByText('Alert pages open from bare links again.');
    expect(toggle().checked).toBe(false);
    expect(api.sent.filter((r) => r.method === 'PATCH').map((r) => r.body)).toEqual([
      { require_signed_links: true },
      { require_signed_links: false },
    ]);
  });

  it('shows the error toast and the unchanged setting when the change fails', async () => {
    failPatch = true;
    api.render(<SignedLinksSetting enabled />);
    await waitFor(() => expect(toggle().checked).toBe(false));
    fireEvent.click(toggle());
    await screen.findByText('Something went wrong!');
    expect(toggle().checked).toBe(false);
  });

  it('is not shown, and never asks the API, for anyone but a superuser', () => {
    api.render(<SignedLinksSetting enabled={false} />);
    expect(screen.queryByRole('switch')).toBeNull();
    expect(api.sent).toEqual([]);
  });
});
