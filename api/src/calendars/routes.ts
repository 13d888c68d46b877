import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Type } from 'typebox';
import { auditActor } from '../audit/record.js';
import { requireUser, userOf } from '../auth/currentUser.js';
import { listErrors, operationDocs, readErrors } from '../common/routeDocs.js';
import { HttpErrorBody, IdParams, Message, TooManyRequests } from '../common/schema.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import { HttpError } from '../errors.js';
import { redactUrlSecrets } from '../operations/logRedaction.js';
import { ScheduleParams } from '../schedules/schema.js';
import { getSchedule } from '../schedules/service.js';
import { feedCalendar } from './feed.js';
import { checkedPeriod, hoursFileName, oncallHoursCsv } from './hours.js';
import {
  CalendarFeedCreate,
  CalendarFeedCreated,
  CalendarFeedsPublic,
  FEED_FUTURE_DAYS,
  FEED_PAST_DAYS,
  FEEDS_PER_USER_MAX,
  FeedParams,
  HOURS_PERIOD_MAX_DAYS,
  OncallHoursQuery,
} from './schema.js';
import { createFeed, FEED_NOT_FOUND, listFeeds, revokeFeed } from './service.js';

const doc = operationDocs('calendars', 'calendars');
/** Managing feeds needs a signed-in session: a leaked API token must not mint lasting read access. */
const sessionOnly = { tokenScope: 'session' } as const;
/** Calendar clients cache anyway; a browser or proxy may keep it 5 minutes, privately. */
export const FEED_CACHE_CONTROL = 'private, max-age=300';

interface CalendarDeps {
  db: Db;
  config: Config;
  now: () => Date;
}

/** /api/v1/users/me/calendar-feeds: the caller's feeds (docs/oncall/calendars.md). */
export async function calendarFeedRoutes(app: FastifyInstance, { db, config }: CalendarDeps): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();

  api.get(
    '/calendar-feeds',
    {
      onRequest: requireUser,
      config: sessionOnly,
      schema: {
        ...doc('read_calendar_feeds', "The caller's calendar feeds, newest first (never their secret)", 'Needs a signed-in session.'),
        response: { 200: CalendarFeedsPublic, ...listErrors },
      },
    },
    async (request) => listFeeds(db, userOf(request)),
  );

  api.post(
    '/calendar-feeds',
    {
      onRequest: requireUser,
      config: sessionOnly,
      schema: {
        ...doc(
          'create_calendar_feed',
          "Create a calendar feed: the caller's own shifts, or one schedule they may read",
          `The answer holds the feed's URL, with its secret, once; only its SHA-256 is stored. At most ${FEEDS_PER_USER_MAX} a user ` +
            '(one more: 422 at `["body"]`); a schedule the caller may not read: 422 at `["body", "schedule_id"]`. Needs a signed-in session.',
        ),
        body: CalendarFeedCreate,
        response: { 200: CalendarFeedCreated, ...listErrors },
      },
    },
    async (request) => createFeed(db, auditActor(request), userOf(request), request.body, config),
  );

  api.delete(
    '/calendar-feeds/:id',
    {
      onRequest: requireUser,
      config: sessionOnly,
      schema: {
        ...doc('revoke_calendar_feed', 'Revoke a calendar feed of the caller: its URL answers 404 at once', 'Needs a signed-in session.'),
        params: IdParams,
        response: { 200: Message, ...readErrors },
      },
    },
    async (request) => {
      await revokeFeed(db, auditActor(request), userOf(request), request.params.id);
      return { message: 'Calendar feed revoked' };
    },
  );
}

/** The feed's secret is a credential: this route logs its URL without it. */
const logSerializers = { req: (req: FastifyRequest) => ({ method: req.method, url: redactUrlSecrets(req.url), remoteAddress: req.ip }) };

/** GET /api/v1/calendars/{token}.ics: public, the secret in the path authenticates. */
export async function calendarRoutes(app: FastifyInstance, { db, config, now }: CalendarDeps): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/:token.ics',
    {
      logSerializers,
      config: { rateLimit: { max: config.rateLimit.publicAlert, timeWindow: '1 minute' } },
      schema: {
        tags: ['calendars'],
        operationId: 'calendars-read_calendar_feed',
        summary: 'A calendar feed as iCalendar (public: the secret in the path authenticates)',
        description:
          `The shifts from ${FEED_PAST_DAYS} days back to ${FEED_FUTURE_DAYS} days ahead, overrides applied, times in UTC. ` +
          'An unknown or revoked feed, a deactivated holder or a schedule the holder may no longer read: 404. ' +
          'At most RATE_LIMIT_PUBLIC_ALERT_PER_MINUTE requests a minute per client address. See docs/oncall/calendars.md.',
        params: FeedParams,
        response: {
          200: { description: 'An iCalendar (RFC 5545) document', content: { 'text/calendar': { schema: Type.String() } } },
          404: HttpErrorBody,
          429: TooManyRequests,
        },
      },
    },
    async (request, reply) => {
      const calendar = await feedCalendar(db, config, request.params.token, now());
      if (calendar === null) throw new HttpError(404, FEED_NOT_FOUND);
      return reply.type('text/calendar; charset=utf-8').header('cache-control', FEED_CACHE_CONTROL).send(calendar);
    },
  );
}

/** GET /api/v1/schedules/{id}/oncall-hours.csv: hours on call per person, for on-call pay. */
export async function oncallHoursRoutes(app: FastifyInstance, { db }: CalendarDeps): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/:id/oncall-hours.csv',
    {
      onRequest: requireUser,
      schema: {
        ...operationDocs('schedules', 'schedules')(
          'export_oncall_hours',
          `Hours on call per person in a schedule over [from, to), at most ${HOURS_PERIOD_MAX_DAYS} days, as CSV`,
          "One row per person who was on call: the period, the schedule, the person (email for the team's admins), hours with two " +
            'decimals and the number of shifts. A shift across an end of the period counts its part inside. See docs/oncall/calendars.md.',
        ),
        params: ScheduleParams,
        querystring: OncallHoursQuery,
        response: {
          200: { description: 'CSV, a header line first', content: { 'text/csv': { schema: Type.String() } } },
          ...readErrors,
        },
      },
    },
    async (request, reply) => {
      const { from, to } = checkedPeriod(request.query);
      const viewer = userOf(request);
      const schedule = await getSchedule(db, viewer, request.params.id);
      const csv = await oncallHoursCsv(db, viewer, schedule, from, to);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${hoursFileName(from, to)}"`)
        .send(csv);
    },
  );
}
