import { createHash } from 'node:crypto';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { ScheduleRow } from '../db/schema.js';
import { DAY } from '../oncall/zoneTime.js';
import { schedulesNaming } from '../schedules/onCall.js';
import { inTeamsOf, type Member } from '../teams/access.js';
import { FEED_TOKEN_PATTERN, hashFeedToken } from './feedTokens.js';
import { type CalendarEvent, writeCalendar } from './ical.js';
import { FEED_EVENTS_MAX, FEED_FUTURE_DAYS, FEED_PAST_DAYS } from './schema.js';
import { compiledSchedules, type Stretch, stretchesOfSchedule, stretchesOfUser } from './stretches.js';

// A calendar feed's iCalendar text (docs/oncall/calendars.md): the shifts of FEED_PAST_DAYS back
// to FEED_FUTURE_DAYS ahead, overrides applied, each an event in UTC. Who may read what is
// decided at each fetch, as for a signed-in request: a deactivated holder, or a schedule they
// may no longer read, gives nothing (the route's 404).

/** last_fetched_at is written at most this often per feed. */
export const FETCH_RECORD_MS = 3_600_000;

/** The span a feed covers at `now`: whole UTC days, so it moves once a day and UIDs stay put. */
export function feedSpan(now: number): { from: number; to: number } {
  const today = Math.floor(now / DAY) * DAY;
  return { from: today - FEED_PAST_DAYS * DAY, to: today + FEED_FUTURE_DAYS * DAY };
}

/** The same shift gives the same UID at every fetch (and in every feed showing it). */
function uidOf(stretch: Stretch, host: string): string {
  const digest = createHash('sha256').update(`${stretch.scheduleId}/${stretch.userId}/${stretch.start}`).digest('hex');
  return `${digest.slice(0, 32)}@${host}`;
}

const day = (ms: number) => new Date(ms).toISOString().slice(0, 10);
const truncation = (until: number, to: number) =>
  until < to ? ` Shown up to ${day(until)}: a feed holds at most ${FEED_EVENTS_MAX.toLocaleString('en-US')} shifts.` : '';

interface Holder extends Member {
  feedId: string;
  scheduleId: string | null;
  lastFetched: Date | null;
}

/** The feed of `token` and its holder when the holder is active; null otherwise (or for a malformed token). */
async function holderOf(db: Db, token: string): Promise<Holder | null> {
  if (!FEED_TOKEN_PATTERN.test(token)) return null;
  const row = await db
    .selectFrom('calendar_feeds as f')
    .innerJoin('users as u', 'u.id', 'f.user_id')
    .select(['f.id as feed_id', 'f.schedule_id', 'f.last_fetched_at', 'u.id', 'u.is_superuser', 'u.is_active'])
    .where('f.token_hash', '=', hashFeedToken(token))
    .executeTakeFirst();
  if (!row?.is_active) return null;
  return { id: row.id, is_superuser: row.is_superuser, feedId: row.feed_id, scheduleId: row.schedule_id, lastFetched: row.last_fetched_at };
}

async function namesOf(db: Db, ids: string[]): Promise<Map<string, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db.selectFrom('users').select(['id', 'full_name']).where('id', 'in', ids).execute();
  return new Map(rows.map((row) => [row.id, row.full_name || 'Unnamed user']));
}

const scheduleLink = (config: Pick<Config, 'frontendHost'>, schedule: ScheduleRow) =>
  `${config.frontendHost}/oncall/schedules/${schedule.id}`;

/** The schedule's people on call, one event per person and stretch. */
async function scheduleCalendar(db: Db, config: Pick<Config, 'frontendHost'>, schedule: ScheduleRow, now: number) {
  const { from, to } = feedSpan(now);
  const [compiled] = await compiledSchedules(db, [schedule], from, to);
  const { stretches, until } = await stretchesOfSchedule(compiled!, from, to, FEED_EVENTS_MAX);
  const names = await namesOf(db, [...new Set(stretches.map((s) => s.userId))]);
  const host = new URL(config.frontendHost).hostname;
  const events: CalendarEvent[] = stretches.map((s) => ({
    uid: uidOf(s, host),
    start: s.start,
    end: s.end,
    summary: `${names.get(s.userId) ?? 'Unnamed user'} on call`,
    description: `On call in ${schedule.name} (${schedule.time_zone}).`,
    url: scheduleLink(config, schedule),
  }));
  const description = `Who is on call in ${schedule.name}, overrides included.${truncation(until, to)}`;
  return writeCalendar({ name: `${schedule.name} (on call)`, description, timeZone: schedule.time_zone, stamp: now, events });
}

/** The holder's own shifts across the schedules they may read. */
async function myShiftsCalendar(db: Db, config: Pick<Config, 'frontendHost'>, holder: Holder, now: number) {
  const { from, to } = feedSpan(now);
  const schedules = await schedulesNaming(db, holder.id, from, to, holder);
  const byId = new Map(schedules.map((s) => [s.id, s]));
  const compiled = await compiledSchedules(db, schedules, from, to);
  const { stretches, until } = await stretchesOfUser(compiled, holder.id, from, to, FEED_EVENTS_MAX);
  const host = new URL(config.frontendHost).hostname;
  const events: CalendarEvent[] = stretches.map((s) => {
    const schedule = byId.get(s.scheduleId) as ScheduleRow;
    return {
      uid: uidOf(s, host),
      start: s.start,
      end: s.end,
      summary: `On call: ${schedule.name}`,
      description: `On call in ${schedule.name} (${schedule.time_zone}).`,
      url: scheduleLink(config, schedule),
    };
  });
  const description = `Your shifts in every schedule, overrides included.${truncation(until, to)}`;
  return writeCalendar({ name: 'My on-call shifts', description, stamp: now, events });
}

/** The feed's calendar, or null when the token opens none (unknown, revoked, holder inactive, schedule out of reach). */
export async function feedCalendar(db: Db, config: Pick<Config, 'frontendHost'>, token: string, now: Date): Promise<string | null> {
  const holder = await holderOf(db, token);
  if (!holder) return null;
  let calendar: string;
  if (holder.scheduleId) {
    const schedule = await db
      .selectFrom('schedules')
      .selectAll()
      .where('id', '=', holder.scheduleId)
      .where(inTeamsOf(holder, 'team_id'))
      .executeTakeFirst();
    if (!schedule) return null;
    calendar = await scheduleCalendar(db, config, schedule, now.getTime());
  } else {
    calendar = await myShiftsCalendar(db, config, holder, now.getTime());
  }
  if (!holder.lastFetched || now.getTime() - holder.lastFetched.getTime() >= FETCH_RECORD_MS)
    await db.updateTable('calendar_feeds').set({ last_fetched_at: now }).where('id', '=', holder.feedId).execute();
  return calendar;
}
