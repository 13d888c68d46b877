import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { confirmUser, readAsUser, requireListUser, requireUser, userOf } from '../auth/currentUser.js';
import { optionalUser } from '../auth/optionalUser.js';
import { errorResponses, IdParams, Message, PageQuery, pageOf, TooManyRequests } from '../common/schema.js';
import type { AlertAction } from '../db/schema.js';
import { checkLinkAccess, type LinkAccessDeps, LinkTokenHeaders } from '../links/linkAccess.js';
import { NotificationsPublic } from '../notifications/schema.js';
import { listAlertNotifications } from '../notifications/service.js';
import { applyAlertAction } from './alertActions.js';
import { alertDetail } from './alertDetail.js';
import type { AlertReads } from './alertReads.js';
import { hasFilters } from './filters.js';
import { perAlertLimit } from './perAlertLimit.js';
import { addressesAsSeenBy } from './recipientVisibility.js';
import { AlertCreate, AlertDetail, AlertEventsPublic, AlertListQuery, AlertPublic, AlertsPublic } from './schema.js';
import { createAlert, deleteAlert, getAlert, getOwnedAlert, listAlertEvents, toAlertPublic } from './service.js';
import { type TriageRouteDeps, triageRoutes } from './triageRoutes.js';

const tags = ['alerts'];
const security = [{ OAuth2PasswordBearer: [] }];
/** The public routes: anonymous (`{}`), or a bearer whose user is recorded (and whose API token scope is checked). */
const optionalSecurity: Record<string, string[]>[] = [{}, { OAuth2PasswordBearer: [] }];
const { 401: e401, 403: e403, 404: e404, 409: e409, 422: e422 } = errorResponses;
/** Documented on the rate-limited public routes. */
const e429 = TooManyRequests;

/**
 * /api/v1/alert. Listing, creating, deleting and the history need a login; reading one
 * alert and the three actions do not: they serve the public action page of an email link,
 * where the alert's UUID is the capability. Those four are rate-limited per client address, and
 * per alert (perAlertLimit.ts).
 * Login is checked onRequest, before validation: like FastAPI, an anonymous caller gets
 * 401, never a 422 that probes the API.
 */
export type AlertRouteDeps = TriageRouteDeps &
  LinkAccessDeps & {
    /** Coalesced reads of the alert list (alertReads.ts). */
    alertReads: AlertReads;
  };

export async function alertRoutes(app: FastifyInstance, deps: AlertRouteDeps): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const publicRateLimit = { rateLimit: { max: deps.config.rateLimit.publicAlert, timeWindow: '1 minute' } };
  // What an API token needs to create, delete and act on alerts (apiTokens/scopes.ts).
  const alertsWrite = { tokenScope: 'alerts:write' } as const;
  const limitPerAlert = perAlertLimit(app, deps);
  // Exactly what triage needs (not `deps` itself: a plugin's options also carry its `prefix`).
  const { db, config, now, notifications, alertChanges, userReads } = deps;
  await app.register(triageRoutes, { db, config, now, notifications, alertChanges, userReads });

  api.get(
    '/',
    {
      // The user is checked by the page's own statement when this process knows it (auth/currentUser.ts).
      onRequest: requireListUser,
      attachValidation: true,
      schema: {
        tags,
        operationId: 'alerts-read_alerts',
        summary: "List the alerts of the caller's teams, newest first (a superuser: all)",
        security,
        querystring: AlertListQuery,
        response: { 200: AlertsPublic, 401: e401, 422: e422 },
      },
    },
    async (request, reply) => {
      if (request.validationError) await confirmUser(request);
      const { offset, limit } = pageOf(request.query);
      const { state, severity, q, team_id } = request.query;
      const filters = { state, severity, q, team_id };
      if (hasFilters(filters)) {
        const user = await confirmUser(request);
        return deps.alertReads.send(reply, await deps.alertReads.filteredPage({ user, offset, limit, filters }));
      }
      const page = await readAsUser(request, (user) => deps.alertReads.page({ user, offset, limit, teamId: team_id }));
      return deps.alertReads.send(reply, page);
    },
  );

  api.post(
    '/',
    {
      onRequest: requireUser,
      config: alertsWrite,
      schema: {
        tags,
        operationId: 'alerts-create_alert',
        summary: 'Create an open alert in one of the teams where the caller responds, and email them the action link',
        security,
        body: AlertCreate,
        response: { 200: AlertPublic, 401: e401, 422: e422 },
      },
    },
    async (request) => {
      const { title, description, severity, team_id } = request.body;
      return toAlertPublic(await createAlert(deps, userOf(request), { title, description, severity, team_id }));
    },
  );

  api.get(
    '/:id',
    {
      config: publicRateLimit,
      preHandler: limitPerAlert,
      schema: {
        tags,
        operationId: 'alerts-read_alert',
        summary: 'Read one alert (public: no login, for the action page)',
        description: 'Needs no login. A signed link token (header) must be valid when given; see docs/api/signed-links.md.',
        security: optionalSecurity,
        params: IdParams,
        headers: LinkTokenHeaders,
        response: { 200: AlertDetail, 403: e403, 404: e404, 422: e422, 429: e429 },
      },
    },
    async (request, reply) => {
      await checkLinkAccess(deps, request, reply, request.params.id);
      return alertDetail(deps, await getAlert(deps.db, request.params.id));
    },
  );

  api.delete(
    '/:id',
    {
      onRequest: requireUser,
      config: alertsWrite,
      schema: {
        tags,
        operationId: 'alerts-delete_alert',
        summary: 'Delete an alert (an admin of its team or a superuser)',
        security,
        params: IdParams,
        response: { 200: Message, 401: e401, 404: e404, 422: e422 },
      },
    },
    async (request) => {
      await deleteAlert(deps, userOf(request), request.params.id);
      return { message: 'Alert deleted successfully' };
    },
  );

  // The three actions share everything but their verb.
  const actions: { action: AlertAction; summary: string }[] = [
    { action: 'acknowledge', summary: 'Acknowledge an alert (public: no login)' },
    { action: 'close', summary: 'Close an alert (public: no login)' },
    { action: 'escalate', summary: 'Escalate an alert one level (public: no login)' },
  ];
  for (const { action, summary } of actions) {
    api.post(
      `/${action}/:id`,
      {
        config: { ...publicRateLimit, ...alertsWrite },
        preHandler: limitPerAlert,
        schema: {
          tags,
          operationId: `alerts-${action}_alert`,
          summary,
          security: optionalSecurity,
          description:
            'Needs no login. With a signed link token (header) the history records its recipient (via "link"), and a closed alert refuses it; ' +
            'else with a valid bearer token, that user (via "console"); else an anonymous action via the link. ' +
            'An escalate emails the contacts of the new level; a second escalate within ESCALATION_REPEAT_WINDOW_SECONDS of the last escalation (whatever happened since) is ignored (200, no change), ' +
            'and past ESCALATION_MAX_ROUNDS_PER_HOUR escalations of the alert in an hour it is a 429 with Retry-After.',
          params: IdParams,
          headers: LinkTokenHeaders,
          response: { 200: AlertDetail, 403: e403, 404: e404, 409: e409, 422: e422, 429: e429 },
        },
      },
      async (request, reply) => {
        const link = await checkLinkAccess(deps, request, reply, request.params.id);
        const actor = await optionalUser(request, reply);
        const alert = await applyAlertAction(deps, request.params.id, action, {
          actorId: actor?.id ?? null,
          via: actor && !link ? 'console' : 'link',
          clientIp: request.ip,
          recipient: link?.recipient ?? null,
        });
        return alertDetail(deps, alert);
      },
    );
  }

  api.get(
    '/:id/events',
    {
      onRequest: requireUser,
      schema: {
        tags,
        operationId: 'alerts-read_alert_events',
        summary: "An alert's history of state changes, oldest first (owner or superuser)",
        security,
        params: IdParams,
        querystring: PageQuery,
        response: { 200: AlertEventsPublic, 401: e401, 404: e404, 422: e422 },
      },
    },
    async (request) => {
      const user = userOf(request);
      const alert = await getOwnedAlert(deps.db, user, request.params.id);
      const { offset, limit } = pageOf(request.query);
      const page = await listAlertEvents(deps.db, alert.id, offset, limit);
      const shown = await addressesAsSeenBy(
        deps.db,
        user,
        page.data.map((event) => event.recipient),
      );
      return { ...page, data: page.data.map((event) => ({ ...event, recipient: event.recipient && shown(event.recipient) })) };
    },
  );

  api.get(
    '/:id/notifications',
    {
      onRequest: requireUser,
      schema: {
        tags,
        operationId: 'alerts-read_alert_notifications',
        summary: 'The notifications an alert caused (new alert, escalations) and whether each was sent, oldest first (owner or superuser)',
        description:
          "Each names its channel, its contact method's label and the user it reaches; another user's target (`recipient`) and receiver error (`last_error`) are null except to superusers.",
        security,
        params: IdParams,
        response: { 200: NotificationsPublic, 401: e401, 404: e404, 422: e422 },
      },
    },
    async (request) => {
      const viewer = userOf(request);
      const alert = await getOwnedAlert(deps.db, viewer, request.params.id);
      // Another user's target is already withheld; an address still shown is read as the viewer may read it.
      const notifications = await listAlertNotifications(deps.db, alert.id, viewer);
      const emails = notifications.filter((n) => n.channel === 'email' && n.recipient !== null);
      const shown = await addressesAsSeenBy(
        deps.db,
        viewer,
        emails.map((n) => n.recipient),
      );
      const data = notifications.map((n) => (n.channel === 'email' && n.recipient !== null ? { ...n, recipient: shown(n.recipient) } : n));
      return { data, count: data.length };
    },
  );
}
