import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { auditActor } from '../audit/record.js';
import { requireUser, userOf } from '../auth/currentUser.js';
import { changeErrors, operationDocs, readErrors } from '../common/routeDocs.js';
import { Message } from '../common/schema.js';
import type { Db } from '../db/database.js';
import { ROTATIONS_PER_SCHEDULE_MAX } from './limits.js';
import { createRotation, deleteRotation, getRotation, rotationsOf, toRotationPublic, updateRotation } from './rotations.js';
import { RotationCreate, RotationParams, RotationPublic, RotationsPublic, RotationUpdate, ScheduleParams } from './schema.js';
import { getSchedule } from './service.js';

const scheduleDoc = operationDocs('schedules', 'schedules');

/** /api/v1/schedules/{id}/rotations: read by anyone signed in, changed by the owner or a superuser. */
export async function rotationRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/:id/rotations',
    {
      onRequest: requireUser,
      schema: {
        ...scheduleDoc('read_rotations', "A schedule's rotations, oldest first"),
        params: ScheduleParams,
        response: { 200: RotationsPublic, ...readErrors },
      },
    },
    async (request) => {
      const schedule = await getSchedule(db, userOf(request), request.params.id);
      const data = (await rotationsOf(db, [schedule.id])).map(toRotationPublic);
      return { data, count: data.length };
    },
  );

  api.post(
    '/:id/rotations',
    {
      onRequest: requireUser,
      schema: {
        ...scheduleDoc('create_rotation', 'Add a rotation to a schedule (owner or superuser)'),
        description: `A schedule has at most ${ROTATIONS_PER_SCHEDULE_MAX} rotations: one more is a 422 at \`["body"]\`.`,
        params: ScheduleParams,
        body: RotationCreate,
        response: { 200: RotationPublic, ...changeErrors },
      },
    },
    async (request) => toRotationPublic(await createRotation(db, auditActor(request), userOf(request), request.params.id, request.body)),
  );

  api.get(
    '/:id/rotations/:rotation_id',
    {
      onRequest: requireUser,
      schema: {
        ...scheduleDoc('read_rotation', 'Read one rotation'),
        params: RotationParams,
        response: { 200: RotationPublic, ...readErrors },
      },
    },
    async (request) => toRotationPublic(await getRotation(db, request.params.id, request.params.rotation_id)),
  );

  api.patch(
    '/:id/rotations/:rotation_id',
    {
      onRequest: requireUser,
      schema: {
        ...scheduleDoc('update_rotation', 'Change a rotation (owner or superuser); `user_ids` replaces the order'),
        params: RotationParams,
        body: RotationUpdate,
        response: { 200: RotationPublic, ...changeErrors },
      },
    },
    async (request) =>
      toRotationPublic(
        await updateRotation(db, auditActor(request), userOf(request), request.params.id, request.params.rotation_id, request.body),
      ),
  );

  api.delete(
    '/:id/rotations/:rotation_id',
    {
      onRequest: requireUser,
      schema: {
        ...scheduleDoc('delete_rotation', 'Delete a rotation (owner or superuser)'),
        params: RotationParams,
        response: { 200: Message, ...changeErrors },
      },
    },
    async (request) => {
      await deleteRotation(db, auditActor(request), userOf(request), request.params.id, request.params.rotation_id);
      return { message: 'Rotation deleted successfully' };
    },
  );
}
