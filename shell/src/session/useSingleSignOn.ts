import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { SSO_FAILED_TEXT, ssoRefusalText, ssoReturnOf } from './singleSignOn';

export interface SingleSignOnSources {
  /** The provider's name, or null when single sign-on is off (GET /settings/public). */
  readProviderName: () => Promise<string | null>;
  /** The one-time code for an access token (POST /auth/oidc/session). */
  exchangeCode: (code: string) => Promise<string>;
}

/**
 * The login page's part of single sign-on, all after hydration so the first render matches
 * the prerendered page: asks whether to show "Sign in with …", and finishes a sign-in the
 * provider sent back here (`/login#sso=<code>`: exchanged once for the token, handed to
 * `onToken`; `#sso_error=<reason>`: `refusal` says why, on the page rather than in a toast,
 * as the toaster is not listening yet while the page mounts). The fragment is taken out of
 * the address bar and history at once: the code works once, and a reload must not retry it.
 */
export function useSingleSignOn({ readProviderName, exchangeCode }: SingleSignOnSources, onToken: (token: string) => void) {
  const [providerName, setProviderName] = useState<string | null>(null);
  const [exchanging, setExchanging] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const location = useLocation();
  const navigate = useNavigate();
  // Effects run twice in development (StrictMode): a code is spent once.
  const handled = useRef<string | null>(null);

  useEffect(() => {
    let current = true;
    readProviderName().then(
      (name) => current && setProviderName(name),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [readProviderName]);

  useEffect(() => {
    const back = ssoReturnOf(location.hash);
    if (!back || handled.current === location.hash) return;
    handled.current = location.hash;
    navigate({ pathname: location.pathname, search: location.search, hash: '' }, { replace: true });
    if ('refusal' in back) {
      setRefusal(ssoRefusalText(back.refusal));
      return;
    }
    setRefusal(null);
    setExchanging(true);
    exchangeCode(back.code).then(onToken, (error: unknown) => {
      setExchanging(false);
      // An ApiError's message is the API's detail ("Invalid or expired sign-in code").
      setRefusal(error instanceof Error && error.message ? error.message : SSO_FAILED_TEXT);
    });
  }, [location, navigate, exchangeCode, onToken]);

  return { providerName, exchanging, refusal };
}
