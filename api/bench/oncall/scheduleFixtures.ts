import type { ScheduleDef } from '../../src/oncall/schedule.js';
import type { OverrideCreate, RotationCreate, ScheduleCreate } from '../../src/schedules/schema.js';

/**
 * The schedules of `npm run bench:oncall`: a deterministic mix (a seeded generator, so two runs
 * measure the same work) of what teams keep: 1–3 rotations of 3–8 people, hand-offs by the
 * hour, day or week, some with active hours, some overrides around "now", in a dozen zones
 * (with and without DST, a 30-minute one, both hemispheres). The same fixture becomes the API
 * bodies (stored through the routes) and the arithmetic's ScheduleDef (measured without them).
 */
export interface ScheduleFixture {
  schedule: ScheduleCreate;
  rotations: RotationCreate[];
  overrides: OverrideCreate[];
}

const ZONES = [
  'Europe/Berlin',
  'America/New_York',
  'America/Los_Angeles',
  'Asia/Kolkata',
  'Asia/Tokyo',
  'Australia/Sydney',
  'Australia/Lord_Howe',
  'Pacific/Auckland',
  'America/Sao_Paulo',
  'Europe/London',
  'Africa/Johannesburg',
  'UTC',
];
const HANDOFFS = ['09:00', '10:00', '08:30', '17:00', '00:00', '02:30'];
const WEEKDAYS_9_TO_5 = { days: [1, 2, 3, 4, 5], start: '09:00', end: '17:00' };
const NIGHTS = { days: [1, 2, 3, 4, 5, 6, 7], start: '22:00', end: '06:00' };
const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/** mulberry32: a small seeded generator, uniform in [0, 1). */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** `count` schedules over `userIds` (at least 8), around the instant `nowMs`. */
export function scheduleFixtures(count: number, userIds: readonly string[], nowMs: number, seed = 14): ScheduleFixture[] {
  if (userIds.length < 8) throw new Error('scheduleFixtures: at least 8 users');
  const random = seededRandom(seed);
  const int = (min: number, max: number) => min + Math.floor(random() * (max - min + 1));
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
  const iso = (ms: number) => new Date(ms).toISOString();
  const fixtures: ScheduleFixture[] = [];
  for (let i = 0; i < count; i++) {
    const rotations: RotationCreate[] = [];
    const members = new Set<string>();
    for (let r = int(1, 3); r > 0; r--) {
      const users: string[] = [];
      const first = int(0, userIds.length - 1);
      for (let u = int(3, 8); u > 0; u--) users.push(userIds[(first + u * 7) % userIds.length] as string);
      for (const u of users) members.add(u);
      const kind = random();
      const shift =
        kind < 0.2
          ? { shift_unit: 'hours' as const, shift_count: pick([8, 12]) }
          : kind < 0.6
            ? { shift_unit: 'days' as const, shift_count: 1 }
            : { shift_unit: 'weeks' as const, shift_count: 1 };
      const hours = random();
      rotations.push({
        name: `Rotation ${rotations.length + 1}`,
        user_ids: users,
        ...shift,
        handoff_time: pick(HANDOFFS),
        // Started up to two years ago: the turn is arithmetic from the first hand-off, whatever its age.
        starts_at: iso(nowMs - int(1, 730) * DAY),
        active_hours: hours < 0.25 ? [WEEKDAYS_9_TO_5] : hours < 0.35 ? [NIGHTS] : [],
      });
    }
    const overrides: OverrideCreate[] = [];
    if (random() < 0.3) {
      const inRotation = [...members];
      for (let o = int(1, 3); o > 0; o--) {
        const starts = nowMs + int(-48, 48) * HOUR;
        const span = { starts_at: iso(starts), ends_at: iso(starts + int(2, 72) * HOUR) };
        const who = pick(userIds);
        const kind = pick(['replace', 'add', 'remove'] as const);
        const replaced = pick(inRotation);
        // A user cannot replace themself (a 422): the stand-in is then an add.
        if (kind === 'replace' && replaced !== who) overrides.push({ kind, user_id: who, replaces_user_id: replaced, ...span });
        else if (kind !== 'remove') overrides.push({ kind: 'add', user_id: who, ...span });
        else overrides.push({ kind, user_id: pick(inRotation), ...span });
      }
    }
    fixtures.push({ schedule: { name: `Bench schedule ${String(i).padStart(4, '0')}`, time_zone: pick(ZONES) }, rotations, overrides });
  }
  return fixtures;
}

/** The arithmetic's definition of a fixture, as schedules/onCall.ts builds it from the stored rows. */
export function toScheduleDef(fixture: ScheduleFixture, id: string): ScheduleDef {
  return {
    id,
    timeZone: fixture.schedule.time_zone,
    rotations: fixture.rotations.map((r, j) => ({
      id: `${id}-r${j}`,
      userIds: r.user_ids,
      startsAt: r.starts_at,
      handoffTime: r.handoff_time ?? '09:00',
      shiftLength: { unit: r.shift_unit, count: r.shift_count },
      activeHours: r.active_hours ?? [],
    })),
    overrides: fixture.overrides.map((o, j) => ({
      id: `${id}-o${j}`,
      kind: o.kind,
      userId: o.user_id,
      replacesUserId: o.replaces_user_id ?? null,
      start: o.starts_at,
      end: o.ends_at,
      createdAt: new Date(Date.UTC(2026, 0, 1) + j).toISOString(),
    })),
  };
}
