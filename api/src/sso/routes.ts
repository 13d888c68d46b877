import cookie, { type CookieSerializeOptions } from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { API_PREFIX } from '../apiPrefix.js';
import { Token } from '../auth/schema.js';
import type { TokenSigner } from '../auth/tokens.js';
import { HttpErrorBody, limitedErrorResponses } from '../common/schema.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { HttpError } from '../errors.js';
import { findUserById } from '../users/service.js';
import { BROWSER_COOKIE, FLOW_COOKIE, FLOW_TTL_SECONDS, openFlow, SESSION_CODE_TTL_SECONDS, sealFlow } from './flowCookie.js';
import { OidcProvider, type ProviderIdentity } from './provider.js';
import { onRefusedSignIn, SignInRefused } from './refusals.js';
import { SessionCodeBody } from './schema.js';
import { signInWithIdentity } from './service.js';
import { issueSessionCode, spendSessionCode } from './sessionCodes.js';

export interface SsoRouteDeps {
  db: Db;
  tokens: TokenSigner;
  config: Config;
  now: () => Date;
}

export const SSO_PATH = '/auth/oidc';
export const INVALID_SESSION_CODE = 'Invalid or expired sign-in code';

const tags = ['login'];
/** A browser is sent on: the answer is the Location header, never cached. */
const redirectResponse = (description: string) => ({ description, headers: { Location: { type: 'string' } } });

/**
 * /api/v1/auth/oidc: single sign-on with an OpenID provider (docs/api/single-sign-on.md).
 * `start` sends the browser to the provider with a sealed flow cookie; `callback` checks the
 * provider's answer, signs the person in (or refuses) and sends the browser to the console's
 * /login with a one-time code in the fragment; the console exchanges it at `session` for
 * the access token a password login answers.
 */
export async function ssoRoutes(root: FastifyInstance, deps: SsoRouteDeps): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { db, tokens, config, now } = deps;
  const { oidc } = config;
  // Parsing only, for these routes: no other route reads a cookie.
  await app.register(cookie);
  const provider = oidc && new OidcProvider(oidc, `${config.frontendHost}${API_PREFIX}${SSO_PATH}/callback`);
  const cookieOptions = (sameSite: 'lax' | 'strict', maxAge: number): CookieSerializeOptions => ({
    path: `${API_PREFIX}${SSO_PATH}`,
    httpOnly: true,
    // Lax for the flow: the provider's redirect back is a cross-site top-level GET.
    sameSite,
    secure: config.frontendHost.startsWith('https:'),
    maxAge,
  });
  const toLogin = (reply: FastifyReply, fragment: string) =>
    reply.header('Cache-Control', 'no-store').redirect(`${config.frontendHost}/login#${fragment}`, 302);
  const refuse = async (request: FastifyRequest, reply: FastifyReply, refusal: SignInRefused, identity?: ProviderIdentity) => {
    await onRefusedSignIn(db, request.log, {
      reason: refusal.reason,
      method: 'oidc',
      detail: refusal.detail,
      issuer: identity?.issuer ?? oidc?.issuer,
      subject: identity?.subject,
      email: identity?.email,
      ip: request.ip,
    });
    return toLogin(reply, `sso_error=${refusal.reason}`);
  };
  const perMinute = { rateLimit: { max: config.rateLimit.login, timeWindow: '1 minute' } };

  app.get(
    '/start',
    {
      config: perMinute,
      schema: {
        tags,
        operationId: 'login-oidc_start',
        summary: 'Begin single sign-on: a redirect to the OpenID provider (a browser navigation, not a fetch)',
        response: {
          302: redirectResponse('To the provider, or to /login#sso_error=<reason>'),
          404: HttpErrorBody,
          429: limitedErrorResponses[429],
        },
      },
    },
    async (request, reply) => {
      if (!provider) throw new HttpError(404, 'Single sign-on is not configured');
      let started: Awaited<ReturnType<OidcProvider['start']>>;
      try {
        started = await provider.start();
      } catch (error) {
        if (error instanceof SignInRefused) return refuse(request, reply, error);
        throw error;
      }
      reply.setCookie(FLOW_COOKIE, await sealFlow(config.secretKey, started.secrets), cookieOptions('lax', FLOW_TTL_SECONDS));
      return reply.header('Cache-Control', 'no-store').redirect(started.url.href, 302);
    },
  );

  app.get(
    '/callback',
    {
      config: perMinute,
      schema: {
        tags,
        operationId: 'login-oidc_callback',
        summary: "The provider's redirect back (its query is the provider's: code, state, iss, or error)",
        response: { 302: redirectResponse('To /login#sso=<one-time code>, or /login#sso_error=<reason>'), 429: limitedErrorResponses[429] },
      },
    },
    async (request, reply) => {
      // One use: whatever happens next, this browser's flow is over.
      const sealed = request.cookies[FLOW_COOKIE];
      reply.clearCookie(FLOW_COOKIE, cookieOptions('lax', 0));
      let identity: ProviderIdentity | undefined;
      try {
        if (!provider) throw new SignInRefused('sso_off');
        const secrets = await openFlow(config.secretKey, sealed);
        if (!secrets) throw new SignInRefused('no_flow');
        const mark = request.url.indexOf('?');
        const query = mark < 0 ? '' : request.url.slice(mark + 1);
        // Before anything else, an error answer included: a link forged for another browser stops here.
        if (new URLSearchParams(query).get('state') !== secrets.state) throw new SignInRefused('state_mismatch');
        identity = await provider.finish(query, secrets);
        const user = await signInWithIdentity(db, identity, now());
        const { code, browser } = await issueSessionCode(db, user.id, now());
        reply.setCookie(BROWSER_COOKIE, browser, cookieOptions('strict', SESSION_CODE_TTL_SECONDS));
        request.log.info({ userId: user.id, issuer: identity.issuer, groups: identity.groups.length }, 'signed in through single sign-on');
        return toLogin(reply, `sso=${code}`);
      } catch (error) {
        if (error instanceof SignInRefused) return refuse(request, reply, error, identity);
        throw error;
      }
    },
  );

  app.post(
    '/session',
    {
      config: perMinute,
      schema: {
        tags,
        operationId: 'login-oidc_session',
        summary: "Exchange the callback's one-time code, in the browser that signed in, for an access token",
        body: SessionCodeBody,
        response: { 200: Token, ...limitedErrorResponses },
      },
    },
    async (request, reply) => {
      const userId = await spendSessionCode(db, request.body.code, request.cookies[BROWSER_COOKIE], now());
      reply.clearCookie(BROWSER_COOKIE, cookieOptions('strict', 0));
      if (!userId) throw new HttpError(400, INVALID_SESSION_CODE);
      const user = await findUserById(db, userId);
      if (!user) throw new HttpError(400, INVALID_SESSION_CODE);
      if (!user.is_active) throw new HttpError(400, 'Inactive user');
      return { access_token: await tokens.sign({ userId: user.id, version: user.token_version }), token_type: 'bearer' as const };
    },
  );
}
