import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { auditActor } from '../audit/record.js';
import { requireUser, userOf } from '../auth/currentUser.js';
import { changeErrors, limitedChangeErrors, listErrors, operationDocs, readErrors } from '../common/routeDocs.js';
import { IdParams, Message, pageOf } from '../common/schema.js';
import { activeWindows, getWindow, listWindows } from './reads.js';
import {
  ActiveMaintenanceQuery,
  MaintenanceListQuery,
  MaintenanceWindowCreate,
  MaintenanceWindowPublic,
  MaintenanceWindowsPublic,
  MaintenanceWindowUpdate,
  ONE_OFF_MAX_DAYS,
  WINDOWS_PER_TEAM_MAX,
} from './schema.js';
import { createWindow, deleteWindow, endWindow, type MaintenanceDeps, updateWindow } from './service.js';

const doc = operationDocs('maintenance', 'maintenance');

/**
 * /api/v1/maintenance-windows (docs/oncall/maintenance.md): a team's members read its
 * windows; its responders and admins (and superusers) change them; anyone else gets 404.
 */
export async function maintenanceRoutes(app: FastifyInstance, deps: MaintenanceDeps): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/',
    {
      onRequest: requireUser,
      schema: {
        ...doc('read_maintenance_windows', "List the maintenance windows of the caller's teams, newest first (a superuser: all)"),
        description:
          "`integration_id`: those that apply to the integration, its own and its team's whole-team ones (404 for an integration the caller cannot read).",
        querystring: MaintenanceListQuery,
        response: { 200: MaintenanceWindowsPublic, ...readErrors },
      },
    },
    async (request) => {
      const { offset, limit } = pageOf(request.query);
      return listWindows(deps, userOf(request), request.query, offset, limit);
    },
  );

  api.get(
    '/active',
    {
      onRequest: requireUser,
      schema: {
        ...doc('read_active_maintenance', "The windows of the caller's teams in progress now, ending first first (at most 100)"),
        description: "Each with the end of its current occurrence and how many open alerts it silences: the dashboard's card.",
        querystring: ActiveMaintenanceQuery,
        response: { 200: MaintenanceWindowsPublic, ...listErrors },
      },
    },
    async (request) => activeWindows(deps, userOf(request), request.query.team_id),
  );

  api.post(
    '/',
    {
      onRequest: requireUser,
      schema: {
        ...doc('create_maintenance_window', 'Create a maintenance window for an integration or a whole team (responder or admin)'),
        description:
          'A one-off window takes `starts_at` and `ends_at` (ending in the future, at most ' +
          `${ONE_OFF_MAX_DAYS} days long); a weekly one \`days\`, \`start_time\`, \`end_time\` and optionally \`ends_on\`, read in ` +
          '`time_zone` (default UTC). Matching alerts raised while it is in progress are stored silenced; alerts already open are ' +
          `not changed. A team holds at most ${WINDOWS_PER_TEAM_MAX} windows: one more is a 422 at \`body\`.`,
        body: MaintenanceWindowCreate,
        response: { 200: MaintenanceWindowPublic, ...changeErrors },
      },
    },
    async (request) => createWindow(deps, auditActor(request), userOf(request), request.body),
  );

  api.get(
    '/:id',
    {
      onRequest: requireUser,
      schema: {
        ...doc('read_maintenance_window', 'Read a maintenance window'),
        params: IdParams,
        response: { 200: MaintenanceWindowPublic, ...readErrors },
      },
    },
    async (request) => getWindow(deps, userOf(request), request.params.id),
  );

  api.patch(
    '/:id',
    {
      onRequest: requireUser,
      schema: {
        ...doc('update_maintenance_window', 'Change a maintenance window (responder or admin)'),
        description:
          'The whole plan is checked again after the change. A change of its times or matchers ends the silences it holds: the next ' +
          'sweep silences again the alerts it still matches and pages the others.',
        params: IdParams,
        body: MaintenanceWindowUpdate,
        response: { 200: MaintenanceWindowPublic, ...changeErrors },
      },
    },
    async (request) => updateWindow(deps, auditActor(request), userOf(request), request.params.id, request.body),
  );

  api.post(
    '/:id/end',
    {
      onRequest: requireUser,
      schema: {
        ...doc('end_maintenance_window', 'End the occurrence in progress now (responder or admin); 409 when none is'),
        description: "Its silenced alerts still open page at the sweep's next pass. A weekly window's next occurrences come as planned.",
        params: IdParams,
        response: { 200: MaintenanceWindowPublic, ...limitedChangeErrors },
      },
    },
    async (request) => endWindow(deps, auditActor(request), userOf(request), request.params.id),
  );

  api.delete(
    '/:id',
    {
      onRequest: requireUser,
      schema: {
        ...doc('delete_maintenance_window', 'Delete a maintenance window (responder or admin)'),
        description: "Its silenced alerts still open page at the sweep's next pass.",
        params: IdParams,
        response: { 200: Message, ...changeErrors },
      },
    },
    async (request) => {
      await deleteWindow(deps, auditActor(request), userOf(request), request.params.id);
      return { message: 'Maintenance window deleted successfully' };
    },
  );
}
