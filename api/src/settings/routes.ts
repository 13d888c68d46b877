import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { requireSuperuser, userOf } from '../auth/currentUser.js';
import { errorResponses } from '../common/schema.js';
import type { Config } from '../config.js';
import { SettingsPublic, SettingsUpdate } from './schema.js';
import type { AppSettings, SettingsStore } from './service.js';

const tags = ['settings'];
const security = [{ OAuth2PasswordBearer: [] }];
const { 401: e401, 403: e403, 422: e422 } = errorResponses;

/**
 * /api/v1/settings: what an administrator changes while Vigil runs (today: whether public alert
 * links must be signed). Superusers only, checked before validation like every login route.
 */
export async function settingsRoutes(root: FastifyInstance, deps: { settings: SettingsStore; config: Config }): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { settings, config } = deps;
  const toPublic = (s: AppSettings): SettingsPublic => ({
    require_signed_links: s.requireSignedLinks,
    signed_link_ttl_hours: config.signedLinkTtlHours,
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
      const updated = await settings.update({ requireSignedLinks: request.body.require_signed_links }, userOf(request).id);
      request.log.info({ requireSignedLinks: updated.requireSignedLinks }, 'settings changed');
      return toPublic(updated);
    },
  );
}
