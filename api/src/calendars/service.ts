import { sql } from 'kysely';
import { API_PREFIX } from '../apiPrefix.js';
import { type AuditActor, recordAudit } from '../audit/record.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { CalendarFeedRow, UserRow } from '../db/schema.js';
import { invalidField, notFound } from '../errors.js';
import { inTeamsOf } from '../teams/access.js';
import { newFeedToken } from './feedTokens.js';
import { type CalendarFeedCreate, type CalendarFeedPublic, FEEDS_PER_USER_MAX } from './schema.js';

// A user's calendar feeds (docs/oncall/calendars.md): made, listed and revoked by the user
// alone, from a signed-in session. The secret is answered once, in the feed's URL.

export const tooManyFeeds = `A user holds at most ${FEEDS_PER_USER_MAX} calendar feeds: revoke one first`;
export const FEED_NOT_FOUND = 'Calendar feed not found';
export const NO_SUCH_SCHEDULE = 'no schedule with this id among those you may read';

/** Where a feed is fetched: the console's origin, as ingest URLs. */
export const feedUrl = (config: Pick<Config, 'frontendHost'>, secret: string) =>
  `${config.frontendHost}${API_PREFIX}/calendars/${secret}.ics`;

export function toFeedPublic(row: CalendarFeedRow, scheduleName: string | null): CalendarFeedPublic {
  return {
    id: row.id,
    kind: row.schedule_id ? 'schedule' : 'my_shifts',
    schedule_id: row.schedule_id,
    schedule_name: scheduleName,
    name: row.name,
    prefix: row.prefix,
    last_fetched_at: row.last_fetched_at?.toISOString() ?? null,
    created_at: row.created_at.toISOString(),
  };
}

/**
 * A new feed of `user`: of their own shifts, or of a schedule they may read (422 naming
 * `schedule_id` otherwise, the same for an unknown id and a stranger's). At most
 * FEEDS_PER_USER_MAX a user, counted under a lock on their row (docs/decisions/0070).
 */
export async function createFeed(
  db: Db,
  actor: AuditActor,
  user: UserRow,
  input: CalendarFeedCreate,
  config: Pick<Config, 'frontendHost'>,
) {
  let schedule: { id: string; name: string; team_id: string } | undefined;
  if (input.schedule_id !== undefined) {
    schedule = await db
      .selectFrom('schedules')
      .select(['id', 'name', 'team_id'])
      .where('id', '=', input.schedule_id)
      .where(inTeamsOf(user, 'team_id'))
      .executeTakeFirst();
    if (!schedule) throw invalidField(['body', 'schedule_id'], NO_SUCH_SCHEDULE);
  }
  const { secret, hash, prefix } = newFeedToken();
  const row = await db.transaction().execute(async (trx) => {
    await sql`SELECT id FROM users WHERE id = ${user.id} FOR NO KEY UPDATE`.execute(trx);
    const { count } = await trx
      .selectFrom('calendar_feeds')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('user_id', '=', user.id)
      .executeTakeFirstOrThrow();
    if (Number(count) >= FEEDS_PER_USER_MAX) throw invalidField(['body'], tooManyFeeds);
    const made = await trx
      .insertInto('calendar_feeds')
      .values({ user_id: user.id, schedule_id: schedule?.id ?? null, name: input.name ?? null, token_hash: hash, prefix })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: 'calendar_feed.created',
      targetType: 'calendar_feed',
      targetId: made.id,
      teamId: schedule?.team_id ?? null,
      after: made,
    });
    return made;
  });
  return { ...toFeedPublic(row, schedule?.name ?? null), url: feedUrl(config, secret) };
}

/** The caller's feeds, newest first (at most FEEDS_PER_USER_MAX: no page). */
export async function listFeeds(db: Db, user: UserRow) {
  const rows = await db
    .selectFrom('calendar_feeds as f')
    .leftJoin('schedules as s', 's.id', 'f.schedule_id')
    .selectAll('f')
    .select('s.name as schedule_name')
    .where('f.user_id', '=', user.id)
    .orderBy('f.created_at', 'desc')
    .orderBy('f.id', 'desc')
    .execute();
  const data = rows.map(({ schedule_name, ...row }) => toFeedPublic(row, schedule_name));
  return { data, count: data.length };
}

/** Revokes (deletes) a feed of the caller: its URL answers 404 at once. Another's, or none: 404. */
export async function revokeFeed(db: Db, actor: AuditActor, user: UserRow, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const gone = await trx
      .deleteFrom('calendar_feeds')
      .where('id', '=', id)
      .where('user_id', '=', user.id)
      .returningAll()
      .executeTakeFirst();
    if (!gone) throw notFound('Calendar feed');
    const team = gone.schedule_id
      ? await trx.selectFrom('schedules').select('team_id').where('id', '=', gone.schedule_id).executeTakeFirst()
      : undefined;
    await recordAudit(trx, actor, {
      action: 'calendar_feed.revoked',
      targetType: 'calendar_feed',
      targetId: id,
      teamId: team?.team_id ?? null,
      before: gone,
    });
  });
}
