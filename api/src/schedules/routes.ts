import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { auditActor } from '../audit/record.js';
import { requireUser, userOf } from '../auth/currentUser.js';
import { changeErrors, listErrors, operationDocs, readErrors } from '../common/routeDocs.js';
import { Message, pageOf } from '../common/schema.js';
import type { Db } from '../db/database.js';
import { NEXT_CHANGE_HORIZON_DAYS, TIMELINE_ENTRIES_MAX, USER_SHIFTS_MAX } from '../oncall/schedule.js';
import { SCHEDULES_PER_USER_MAX } from './limits.js';
import { onCallOf, onCallOfMany, shiftsOfUser, timelineOf } from './onCall.js';
import { overrideRoutes } from './overrideRoutes.js';
import { rotationRoutes } from './rotationRoutes.js';
import { rotationsOf, toRotationPublic } from './rotations.js';
import {
  OnCallManyQuery,
  OnCallPublic,
  OnCallQuery,
  OnCallsPublic,
  ScheduleCreate,
  ScheduleDetail,
  ScheduleListQuery,
  ScheduleParams,
  SchedulePublic,
  SchedulesPublic,
  ScheduleUpdate,
  SPAN_MAX_DAYS,
  SpanQuery,
  TimelinePublic,
  UserShiftsPublic,
} from './schema.js';
import { createSchedule, deleteSchedule, getSchedule, listSchedules, toSchedulePublic, updateSchedule } from './service.js';
import { checkedInstant, checkedSpan } from './validation.js';

const scheduleDoc = operationDocs('schedules', 'schedules');

/**
 * /api/v1/schedules (docs/oncall/schedules-api.md): every call needs a login; the team's
 * members read, its admins or a superuser change (schedules/service.ts).
 */
export async function scheduleRoutes(app: FastifyInstance, deps: { db: Db; now: () => Date }): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = deps;

  api.get(
    '/',
    {
      onRequest: requireUser,
      schema: {
        ...scheduleDoc('read_schedules', "List the schedules of the caller's teams, by name (a superuser: all)"),
        querystring: ScheduleListQuery,
        response: { 200: SchedulesPublic, ...listErrors },
      },
    },
    async (request) => {
      const { offset, limit } = pageOf(request.query);
      return listSchedules(db, userOf(request), offset, limit, request.query.team_id);
    },
  );

  api.post(
    '/',
    {
      onRequest: requireUser,
      schema: {
        ...scheduleDoc(
          'create_schedule',
          'Create a schedule in one of the teams the caller administers',
          `A user owns at most ${SCHEDULES_PER_USER_MAX} schedules (superusers aside): one more is a 422 at \`["body"]\`.`,
        ),
        body: ScheduleCreate,
        response: { 200: SchedulePublic, ...listErrors },
      },
    },
    async (request) => toSchedulePublic(await createSchedule(db, auditActor(request), userOf(request), request.body)),
  );

  api.get(
    '/:id',
    {
      onRequest: requireUser,
      schema: {
        ...scheduleDoc('read_schedule', 'Read a schedule with its rotations'),
        params: ScheduleParams,
        response: { 200: ScheduleDetail, ...readErrors },
      },
    },
    async (request) => {
      const schedule = await getSchedule(db, userOf(request), request.params.id);
      const rotations = await rotationsOf(db, [schedule.id]);
      return { ...toSchedulePublic(schedule), rotations: rotations.map(toRotationPublic) };
    },
  );

  api.patch(
    '/:id',
    {
      onRequest: requireUser,
      schema: {
        ...scheduleDoc('update_schedule', 'Change a schedule (owner or superuser)'),
        params: ScheduleParams,
        body: ScheduleUpdate,
        response: { 200: SchedulePublic, ...changeErrors },
      },
    },
    async (request) => toSchedulePublic(await updateSchedule(db, auditActor(request), userOf(request), request.params.id, request.body)),
  );

  api.delete(
    '/:id',
    {
      onRequest: requireUser,
      schema: {
        ...scheduleDoc('delete_schedule', 'Delete a schedule, its rotations and overrides (owner or superuser)'),
        params: ScheduleParams,
        response: { 200: Message, ...changeErrors },
      },
    },
    async (request) => {
      await deleteSchedule(db, auditActor(request), userOf(request), request.params.id);
      return { message: 'Schedule deleted successfully' };
    },
  );

  api.get(
    '/on-call',
    {
      onRequest: requireUser,
      schema: {
        ...scheduleDoc('read_on_call_many', 'Who is on call in each of up to 100 schedules at an instant (default: now)'),
        querystring: OnCallManyQuery,
        response: { 200: OnCallsPublic, ...listErrors },
      },
    },
    async (request) => {
      // One request for a list page rather than one per row. Ids of schedules that no longer
      // exist (deleted since the page was read) are left out, not an error.
      const { at, schedule_id: ids } = request.query;
      const instant = at === undefined ? deps.now().getTime() : checkedInstant(at, ['query', 'at']);
      const found = await db
        .selectFrom('schedules')
        .selectAll()
        .where('id', 'in', [...new Set(ids)])
        .execute();
      const byId = new Map(found.map((s) => [s.id, s]));
      const ordered = [...new Set(ids)].flatMap((id) => byId.get(id) ?? []);
      const data = await onCallOfMany(db, ordered, instant);
      return { data, count: data.length };
    },
  );

  api.get(
    '/:id/on-call',
    {
      onRequest: requireUser,
      schema: {
        ...scheduleDoc(
          'read_on_call',
          `Who is on call at an instant (default: now), and the next change within ${NEXT_CHANGE_HORIZON_DAYS} days`,
        ),
        params: ScheduleParams,
        querystring: OnCallQuery,
        response: { 200: OnCallPublic, ...readErrors },
      },
    },
    async (request) => {
      const { at } = request.query;
      const instant = at === undefined ? deps.now().getTime() : checkedInstant(at, ['query', 'at']);
      return onCallOf(db, await getSchedule(db, userOf(request), request.params.id), instant);
    },
  );

  api.get(
    '/:id/timeline',
    {
      onRequest: requireUser,
      schema: {
        ...scheduleDoc(
          'read_timeline',
          `Who is on call over [from, to), at most ${SPAN_MAX_DAYS} days, as segments`,
          `At most ${TIMELINE_ENTRIES_MAX.toLocaleString('en-US')} entries (a segment and each person in it count one): a busier span is a 422 at \`["query", "to"]\`.`,
        ),
        params: ScheduleParams,
        querystring: SpanQuery,
        response: { 200: TimelinePublic, ...readErrors },
      },
    },
    async (request) => {
      const { from, to } = checkedSpan(request.query);
      return timelineOf(db, await getSchedule(db, userOf(request), request.params.id), from, to);
    },
  );

  await api.register(rotationRoutes, { db });
  await api.register(overrideRoutes, { db, now: deps.now });
}

/** GET /api/v1/users/me/shifts: the caller's own time on call, across schedules. */
export async function userShiftRoutes(app: FastifyInstance, { db }: { db: Db }): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/me/shifts',
    {
      onRequest: requireUser,
      schema: {
        ...scheduleDoc(
          'read_my_shifts',
          `The caller's shifts over [from, to), at most ${SPAN_MAX_DAYS} days, across schedules`,
          `At most ${USER_SHIFTS_MAX.toLocaleString('en-US')} shifts: more is a 422 at \`["query", "to"]\`.`,
        ),
        querystring: SpanQuery,
        response: { 200: UserShiftsPublic, ...listErrors },
      },
    },
    async (request) => {
      const { from, to } = checkedSpan(request.query);
      return shiftsOfUser(db, userOf(request).id, from, to);
    },
  );
}
