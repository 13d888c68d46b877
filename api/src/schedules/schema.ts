import { type Static, type TSchema, Type } from 'typebox';
import { MakerId, NewTeamId, OptionalText, PageQuery, TeamId, Uuid } from '../common/schema.js';
import { OVERRIDE_KINDS, SHIFT_UNITS } from '../db/schema.js';
import { NEXT_CHANGE_HORIZON_DAYS } from '../oncall/schedule.js';

// The bodies and answers of /api/v1/schedules (docs/oncall/schedules-api.md). Bodies are
// closed; what a schema cannot say (a known zone, existing users, an end after its start) the
// service checks, answering a 422 in the same shape (errors.ts, InvalidInput).

export const SCHEDULE_NAME_MAX = 255;
export const SCHEDULE_DESCRIPTION_MAX = 4096;
/** Longer than any IANA name ('America/Argentina/ComodRivadavia' is 32). */
export const TIME_ZONE_MAX = 64;
export const ROTATION_USERS_MAX = 100;
export const ACTIVE_HOURS_RULES_MAX = 20;
export const SHIFT_COUNT_MAX = 1000;
/** The longest span a timeline or a user's shifts covers in one answer. */
export const SPAN_MAX_DAYS = 90;

const Name = Type.String({ minLength: 1, maxLength: SCHEDULE_NAME_MAX });
const DateTime = Type.String({ format: 'date-time' });
const TimeZone = Type.String({
  minLength: 1,
  maxLength: TIME_ZONE_MAX,
  description: 'An IANA time zone',
  examples: ['Europe/Berlin', 'America/New_York', 'UTC'],
});
/** 'HH:mm', two digits each: '9:00' is refused. */
const CLOCK_PATTERN = '^([01][0-9]|2[0-3]):[0-5][0-9]$';
const Clock = Type.String({ pattern: CLOCK_PATTERN });
/** The same, or '24:00' (the end of the day). */
const EndClock = Type.String({ pattern: '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$' });
const ShiftUnit = Type.Enum([...SHIFT_UNITS], { title: 'ShiftUnit' });
const OverrideKind = Type.Enum([...OVERRIDE_KINDS], { title: 'OverrideKind' });

export const ScheduleParams = Type.Object({ id: Uuid });
export const RotationParams = Type.Object({ id: Uuid, rotation_id: Uuid });
export const OverrideParams = Type.Object({ id: Uuid, override_id: Uuid });

export const ActiveHoursRule = Type.Object(
  {
    /** ISO weekdays, 1 = Monday … 7 = Sunday. */
    days: Type.Array(Type.Integer({ minimum: 1, maximum: 7 }), { minItems: 1, maxItems: 7, uniqueItems: true }),
    start: Clock,
    /** Not after `start`: the window runs past midnight; equal: 24 hours. */
    end: EndClock,
  },
  { title: 'ActiveHoursRule', additionalProperties: false },
);
const ActiveHours = Type.Array(ActiveHoursRule, { maxItems: ACTIVE_HOURS_RULES_MAX });
const UserIds = Type.Array(Uuid, { minItems: 1, maxItems: ROTATION_USERS_MAX });

export const ScheduleCreate = Type.Object(
  { name: Name, description: OptionalText(SCHEDULE_DESCRIPTION_MAX), time_zone: TimeZone, team_id: NewTeamId },
  { title: 'ScheduleCreate', additionalProperties: false },
);
export type ScheduleCreate = Static<typeof ScheduleCreate>;

export const ScheduleUpdate = Type.Object(
  { name: Type.Optional(Name), description: OptionalText(SCHEDULE_DESCRIPTION_MAX), time_zone: Type.Optional(TimeZone) },
  { title: 'ScheduleUpdate', additionalProperties: false, minProperties: 1 },
);
export type ScheduleUpdate = Static<typeof ScheduleUpdate>;

/** A rotation's fields as a change names them (no defaults: an absent field stays as it is). */
const rotationFields = {
  name: Name,
  /** Whose turn it is, in order; a user may appear more than once. */
  user_ids: UserIds,
  shift_unit: ShiftUnit,
  shift_count: Type.Integer({ minimum: 1, maximum: SHIFT_COUNT_MAX }),
  /** The hand-off's wall-clock time in the schedule's zone (days and weeks; unused for hours). */
  handoff_time: Clock,
  /** Nobody is on call in the rotation before this; the first hand-off is at or after it. */
  starts_at: DateTime,
  /** Empty: always active. */
  active_hours: ActiveHours,
};

export const RotationCreate = Type.Object(
  {
    ...rotationFields,
    handoff_time: Type.Optional(Type.String({ pattern: CLOCK_PATTERN, default: '09:00' })),
    active_hours: Type.Optional(ActiveHours),
  },
  { title: 'RotationCreate', additionalProperties: false },
);
export type RotationCreate = Static<typeof RotationCreate>;

export const RotationUpdate = Type.Partial(Type.Object(rotationFields), {
  title: 'RotationUpdate',
  additionalProperties: false,
  minProperties: 1,
});
export type RotationUpdate = Static<typeof RotationUpdate>;

export const OverrideCreate = Type.Object(
  {
    /** replace: `user_id` takes `replaces_user_id`'s time; add: `user_id` is on call too; remove: `user_id` is off call. */
    kind: OverrideKind,
    user_id: Uuid,
    /** replace only (and required there). */
    replaces_user_id: Type.Optional(Type.Union([Uuid, Type.Null()])),
    starts_at: DateTime,
    /** After `starts_at`; the span is [starts_at, ends_at). */
    ends_at: DateTime,
  },
  { title: 'OverrideCreate', additionalProperties: false },
);
export type OverrideCreate = Static<typeof OverrideCreate>;

export const OverrideUpdate = Type.Partial(OverrideCreate, { title: 'OverrideUpdate', additionalProperties: false, minProperties: 1 });
export type OverrideUpdate = Static<typeof OverrideUpdate>;

export const SchedulePublic = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    description: Type.Union([Type.String(), Type.Null()]),
    time_zone: Type.String(),
    owner_id: MakerId,
    /** Its team's members read it; its admins (and superusers) change it. */
    team_id: TeamId,
    created_at: DateTime,
  },
  { title: 'SchedulePublic' },
);
export type SchedulePublic = Static<typeof SchedulePublic>;

export const RotationPublic = Type.Object(
  {
    id: Uuid,
    schedule_id: Uuid,
    name: Type.String(),
    user_ids: Type.Array(Uuid),
    shift_unit: ShiftUnit,
    shift_count: Type.Integer(),
    handoff_time: Type.String(),
    starts_at: DateTime,
    active_hours: Type.Array(ActiveHoursRule),
    created_at: DateTime,
  },
  { title: 'RotationPublic' },
);
export type RotationPublic = Static<typeof RotationPublic>;

export const OverridePublic = Type.Object(
  {
    id: Uuid,
    schedule_id: Uuid,
    kind: OverrideKind,
    user_id: Uuid,
    replaces_user_id: Type.Union([Uuid, Type.Null()]),
    starts_at: DateTime,
    ends_at: DateTime,
    /** Overrides apply in this order: where they conflict, the one made last wins. */
    created_at: DateTime,
  },
  { title: 'OverridePublic' },
);
export type OverridePublic = Static<typeof OverridePublic>;

/** A schedule with its rotations (GET /schedules/{id}). */
export const ScheduleDetail = Type.Object(
  { ...SchedulePublic.properties, rotations: Type.Array(RotationPublic) },
  { title: 'ScheduleDetail' },
);

const list = <T extends TSchema>(item: T, title: string) => Type.Object({ data: Type.Array(item), count: Type.Integer() }, { title });
export const SchedulesPublic = list(SchedulePublic, 'SchedulesPublic');
export const RotationsPublic = list(RotationPublic, 'RotationsPublic');
export const OverridesPublic = list(OverridePublic, 'OverridesPublic');

export const OnCallQuery = Type.Object({ at: Type.Optional(DateTime) });
/** Schedules asked at once: a console page's worth. */
export const ON_CALL_MANY_MAX = 100;
export const OnCallManyQuery = Type.Object({
  /** Repeat the parameter for each schedule (`?schedule_id=…&schedule_id=…`). */
  schedule_id: Type.Array(Uuid, { minItems: 1, maxItems: ON_CALL_MANY_MAX }),
  at: Type.Optional(DateTime),
});
export const SpanQuery = Type.Object({ from: DateTime, to: DateTime });
export type SpanQuery = Static<typeof SpanQuery>;
export const ScheduleListQuery = Type.Object({ ...PageQuery.properties, team_id: Type.Optional(Uuid) });

export const OnCallPublic = Type.Object(
  {
    schedule_id: Uuid,
    at: DateTime,
    /** Who is on call at `at`, sorted. */
    user_ids: Type.Array(Uuid),
    next: Type.Union([Type.Object({ at: DateTime, user_ids: Type.Array(Uuid) }, { title: 'OnCallChange' }), Type.Null()], {
      description: `The next change within ${NEXT_CHANGE_HORIZON_DAYS} days of \`at\`: when, and who is on call from then; null: no change within ${NEXT_CHANGE_HORIZON_DAYS} days.`,
    }),
  },
  { title: 'OnCallPublic' },
);

export const OnCallsPublic = list(OnCallPublic, 'OnCallsPublic');

export const TimelineSegment = Type.Object({ start: DateTime, end: DateTime, user_ids: Type.Array(Uuid) }, { title: 'TimelineSegment' });
export const TimelinePublic = list(TimelineSegment, 'TimelinePublic');

export const UserShiftPublic = Type.Object(
  { schedule_id: Uuid, schedule_name: Type.String(), start: DateTime, end: DateTime },
  { title: 'UserShiftPublic' },
);
export const UserShiftsPublic = list(UserShiftPublic, 'UserShiftsPublic');
