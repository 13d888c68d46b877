import { type Static, Type } from 'typebox';
import { Uuid } from '../common/schema.js';

// The bodies and answers of calendar feeds and the on-call hours export
// (docs/oncall/calendars.md). Bodies are closed.

/** Feeds one user may hold. */
export const FEEDS_PER_USER_MAX = 10;
export const FEED_NAME_MAX = 100;
/** A feed shows this many days back and ahead, from the start of today (UTC). */
export const FEED_PAST_DAYS = 30;
export const FEED_FUTURE_DAYS = 180;
/** Events in one feed: a busier calendar's feed ends earlier. */
export const FEED_EVENTS_MAX = 2_000;
/** The longest period an hours export covers. */
export const HOURS_PERIOD_MAX_DAYS = 366;
/** Stretches (a person's unbroken time on call) in one export: a busier period is a 422. */
export const HOURS_STRETCHES_MAX = 50_000;

const DateTime = Type.String({ format: 'date-time' });
const FeedKind = Type.Enum(['my_shifts', 'schedule'], { title: 'CalendarFeedKind' });

export const CalendarFeedCreate = Type.Object(
  {
    schedule_id: Type.Optional(
      Type.String({
        format: 'uuid',
        description: "The schedule the feed shows (one the caller may read); absent: the caller's own shifts",
      }),
    ),
    name: Type.Optional(Type.String({ minLength: 1, maxLength: FEED_NAME_MAX, description: 'What the feed is for, shown in lists' })),
  },
  { title: 'CalendarFeedCreate', additionalProperties: false },
);
export type CalendarFeedCreate = Static<typeof CalendarFeedCreate>;

const feedFields = {
  id: Uuid,
  kind: FeedKind,
  schedule_id: Type.Union([Uuid, Type.Null()]),
  schedule_name: Type.Union([Type.String(), Type.Null()]),
  name: Type.Union([Type.String(), Type.Null()]),
  prefix: Type.String({ description: 'The first 12 characters of the secret (`vcf_` and 8 more), to tell feeds apart' }),
  last_fetched_at: Type.Union([DateTime, Type.Null()], { description: 'Recorded at most once an hour' }),
  created_at: DateTime,
};

export const CalendarFeedPublic = Type.Object(feedFields, { title: 'CalendarFeedPublic' });
export type CalendarFeedPublic = Static<typeof CalendarFeedPublic>;

export const CalendarFeedCreated = Type.Object(
  { ...feedFields, url: Type.String({ description: "The feed's URL, with its secret: shown in this answer only, never again" }) },
  { title: 'CalendarFeedCreated' },
);

export const CalendarFeedsPublic = Type.Object(
  { data: Type.Array(CalendarFeedPublic), count: Type.Integer() },
  { title: 'CalendarFeedsPublic' },
);

export const FeedParams = Type.Object({ token: Type.String({ maxLength: 100 }) });

export const OncallHoursQuery = Type.Object({
  from: Type.String({ format: 'date-time', description: 'The start of the period, with its offset' }),
  to: Type.String({
    format: 'date-time',
    description: `The end of the period (excluded), at most ${HOURS_PERIOD_MAX_DAYS} days after from`,
  }),
});
