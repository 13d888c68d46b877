import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { auditActor } from '../audit/record.js';
import { requireUser, userOf } from '../auth/currentUser.js';
import { changeErrors, operationDocs, readErrors } from '../common/routeDocs.js';
import { Message, PageQuery, pageOf } from '../common/schema.js';
import type { Db } from '../db/database.js';
import { OVERRIDES_PER_SCHEDULE_MAX } from './limits.js';
import { createOverride, deleteOverride, getOverride, listOverrides, toOverridePublic, updateOverride } from './overrides.js';
import { OverrideCreate, OverrideParams, OverridePublic, OverridesPublic, OverrideUpdate, ScheduleParams } from './schema.js';
import { getSchedule } from './service.js';

const scheduleDoc = operationDocs('schedules', 'schedules');

/** /api/v1/schedules/{id}/overrides: read by anyone signed in, changed by the owner or a superuser. */
export async function overrideRoutes(app: FastifyInstance, { db, now }: { db: Db; now: () => Date }): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/:id/overrides',
    {
      onRequest: requireUser,
      schema: {
        ...scheduleDoc('read_overrides', "A schedule's overrides, by start"),
        params: ScheduleParams,
        querystring: PageQuery,
        response: { 200: OverridesPublic, ...readErrors },
      },
    },
    async (request) => {
      const schedule = await getSchedule(db, userOf(request), request.params.id);
      const { offset, limit } = pageOf(request.query);
      return listOverrides(db, schedule.id, offset, limit);
    },
  );

  api.post(
    '/:id/overrides',
    {
      onRequest: requireUser,
      schema: {
        ...scheduleDoc('create_override', 'Replace, add or remove a person for a span (owner or superuser)'),
        description:
          'Overrides apply in the order they were made: where two conflict, the later one wins. ' +
          `A schedule has at most ${OVERRIDES_PER_SCHEDULE_MAX} overrides: at the cap the ones that ended first are deleted to make room, ` +
          'and when none has ended, one more is a 422 at `["body"]`.',
        params: ScheduleParams,
        body: OverrideCreate,
        response: { 200: OverridePublic, ...changeErrors },
      },
    },
    async (request) =>
      toOverridePublic(await createOverride(db, auditActor(request), userOf(request), request.params.id, request.body, now())),
  );

  api.get(
    '/:id/overrides/:override_id',
    {
      onRequest: requireUser,
      schema: {
        ...scheduleDoc('read_override', 'Read one override'),
        params: OverrideParams,
        response: { 200: OverridePublic, ...readErrors },
      },
    },
    async (request) => toOverridePublic(await getOverride(db, request.params.id, request.params.override_id)),
  );

  api.patch(
    '/:id/overrides/:override_id',
    {
      onRequest: requireUser,
      schema: {
        ...scheduleDoc('update_override', 'Change an override (owner or superuser); it keeps its place in the order'),
        params: OverrideParams,
        body: OverrideUpdate,
        response: { 200: OverridePublic, ...changeErrors },
      },
    },
    async (request) =>
      toOverridePublic(
        await updateOverride(db, auditActor(request), userOf(request), request.params.id, request.params.override_id, request.body),
      ),
  );

  api.delete(
    '/:id/overrides/:override_id',
    {
      onRequest: requireUser,
      schema: {
        ...scheduleDoc('delete_override', 'Delete an override (owner or superuser)'),
        params: OverrideParams,
        response: { 200: Message, ...changeErrors },
      },
    },
    async (request) => {
      await deleteOverride(db, auditActor(request), userOf(request), request.params.id, request.params.override_id);
      return { message: 'Override deleted successfully' };
    },
  );
}
