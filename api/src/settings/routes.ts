import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { auditActor } from '../audit/record.js';
import { requireSuperuser, userOf } from '../auth/currentUser.js';
import { errorResponses } from '../common/schema.js';
import type { Config } from '../config.js';
import { SettingsForEveryone, SettingsPublic, SettingsUpdate } from './schema.js';
import type { AppSettings, SettingsStore } from './service.js';

const tags = ['settings'];
const security = [{ OAuth2PasswordBearer: [] }];
const { 401: e401, 403: e403, 422: e422 } = errorResponses;

/**
 * /api/v1/settings: what an administrator changes while Vigil runs (whether public alert links
 * must be signed, whether anyone may sign up). Superusers only, checked before validation like
 * every login route; `/settings/public` answers anyone what the public pages need.
 */
export async function settingsRoutes(root: FastifyInstance, deps: { settings: SettingsStore; config: Config }): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { settings, config } = deps;
  const toPublic = (s: AppSettings): SettingsPublic => ({
    require_signed_links: s.requireSignedLinks,
    signed_link_ttl_hours: config.signedLinkTtlHours,
    signup_open: s.signupOpen,
  });

  app.get(
    '/',
    {
      onRequest: requireSuperuser,
      schema: {
        tags,
        operationId: 'settings-read_settings',
        summary: 'The run-time settings (superuser)',
        security,
        response: { 200: SettingsPublic, 401: e401, 403: e403 },
      },
    },
    async () => toPublic(await settings.read()),
  );

  app.patch(
    '/',
    {
      onRequest: requireSuperuser,
      schema: {
        tags,
        operationId: 'settings-update_settings',
        summary: 'Change the run-time settings (superuser); every API replica applies them within seconds',
        security,
        body: SettingsUpdate,
        response: { 200: SettingsPublic, 401: e401, 403: e403, 422: e422 },
      },
    },
    async (request) => {
      const { require_signed_links, signup_open } = request.body;
      const updated = await settings.update(
        { requireSignedLinks: require_signed_links, signupOpen: signup_open },
        { ...auditActor(request), userId: userOf(request).id },
      );
      request.log.info({ requireSignedLinks: updated.requireSignedLinks, signupOpen: updated.signupOpen }, 'settings changed');
      return toPublic(updated);
    },
  );

  // No login: the sign-up and login pages ask it once hydrated. A cached read (service.ts).
  app.get(
    '/public',
    {
      schema: {
        tags,
        operationId: 'settings-read_public_settings',
        summary: 'The settings anyone may read, signed in or not: whether sign-up is open, single sign-on',
        response: { 200: SettingsForEveryone },
      },
    },
    async () => ({
      signup_open: (await settings.read()).signupOpen,
      sso_provider_name: config.oidc?.providerName ?? null,
      password_login_superusers_only: config.oidc?.passwordLoginSuperusersOnly ?? false,
    }),
  );
}
