// @vitest-environment jsdom
import { FluentProvider, webLightTheme } from '@fluentui/react-components';
import { cleanup, render, screen } from '@testing-library/react';
import { clearToken, getToken } from '@vigil/shared';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { SSO_FAILED_TEXT } from '../session/singleSignOn';
import type { SingleSignOnSources } from '../session/useSingleSignOn';
import LoginPage from './LoginPage';

// The login page's single sign-on, with the API's two answers from a fake: the API's own side
// (the provider, the callback, the code exchange) is tested in api/test/auth/oidc*.test.ts.

const Where = () => {
  const location = useLocation();
  return <output aria-label="location">{`${location.pathname}${location.hash}`}</output>;
};

function show(at: string, sso: Partial<SingleSignOnSources> = {}) {
  const exchanged: string[] = [];
  const sources: SingleSignOnSources = {
    readProviderName: async () => null,
    exchangeCode: async (code) => {
      exchanged.push(code);
      return `token-for-${code}`;
    },
    ...sso,
  };
  render(
    <FluentProvider theme={webLightTheme}>
      <MemoryRouter initialEntries={[at]}>
        <Routes>
          <Route path="/login" element={<LoginPage sso={sources} />} />
          <Route path="/" element={<p>Dashboard</p>} />
        </Routes>
        <Where />
      </MemoryRouter>
    </FluentProvider>,
  );
  return { exchanged };
}

const location = () => screen.getByLabelText('location').textContent;

afterEach(() => {
  cleanup();
  clearToken();
});

describe('/login and single sign-on', () => {
  it('shows no provider button while single sign-on is off', async () => {
    let asked = false;
    show('/login', {
      readProviderName: async () => {
        asked = true;
        return null;
      },
    });
    await expect.poll(() => asked).toBe(true);
    expect(screen.getByRole('button', { name: 'Log In' })).toBeTruthy();
    expect(screen.queryByRole('link', { name: /Sign in with/ })).toBeNull();
  });

  it('adds "Sign in with <provider>" once the page knows, a link to the API that starts the sign-in', async () => {
    let answer: (name: string) => void = () => {};
    show('/login', { readProviderName: () => new Promise((resolve) => (answer = resolve)) });
    // As prerendered until the answer: the form alone.
    expect(screen.queryByRole('link', { name: /Sign in with/ })).toBeNull();
    answer('Keycloak');
    const button = await screen.findByRole('link', { name: 'Sign in with Keycloak' });
    expect(button.getAttribute('href')).toBe('/api/v1/auth/oidc/start');
    expect(screen.getByRole('button', { name: 'Log In' })).toBeTruthy();
  });

  it('exchanges the code the provider round trip left, once, stores the token and opens /', async () => {
    const { exchanged } = show('/login#sso=one-time-code');
    expect(await screen.findByText('Dashboard')).toBeTruthy();
    expect(exchanged).toEqual(['one-time-code']);
    expect(getToken()).toBe('token-for-one-time-code');
    expect(location()).toBe('/');
  });

  it("shows a refusal's text and takes the reason out of the address", async () => {
    show('/login#sso_error=email_unverified');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'Your email address is not verified at the sign-in provider: verify it there, then try again.',
    );
    expect(location()).toBe('/login');
    expect(getToken()).toBeNull();
  });

  it('shows a fixed text for a reason it does not know, never the text of the link', async () => {
    show('/login#sso_error=Call%20us%20at%20555-0100');
    expect((await screen.findByRole('alert')).textContent).toBe(SSO_FAILED_TEXT);
    expect(screen.queryByText(/555-0100/)).toBeNull();
  });

  it("shows the exchange's error and stays on /login when the code is refused", async () => {
    show('/login#sso=spent-code', {
      exchangeCode: async () => {
        throw new Error('Invalid or expired sign-in code');
      },
    });
    expect((await screen.findByRole('alert')).textContent).toBe('Invalid or expired sign-in code');
    expect(location()).toBe('/login');
    expect(getToken()).toBeNull();
  });
});
