import { type Static, type TSchema, Type } from 'typebox';
import { MakerId, NewTeamId, PageQuery, TeamId, Uuid } from '../common/schema.js';
import { MAINTENANCE_KINDS } from '../db/schema.js';
import { Matcher, Matchers, MatchMode } from '../ingest/matchers.js';

// The bodies and answers of /api/v1/maintenance-windows (docs/oncall/maintenance.md). Bodies
// are closed; what a schema cannot say (a known zone, an end after its start, a kind's fields)
// the service checks, answering a 422 in the same shape.

export const WINDOW_NAME_MAX = 255;
/** A team's windows, its integrations' included: a few a week of planned work, kept a week after they end. */
export const WINDOWS_PER_TEAM_MAX = 100;
/** A one-off window's longest span: longer planned silence is a weekly window, or the integration switched off. */
export const ONE_OFF_MAX_DAYS = 30;
/** How far ahead a one-off window may start. */
export const STARTS_WITHIN_DAYS = 366;

const DateTime = Type.String({ format: 'date-time' });
const TimeZone = Type.String({ minLength: 1, maxLength: 64, description: 'An IANA time zone', examples: ['Europe/Berlin', 'UTC'] });
const Clock = Type.String({ pattern: '^([01][0-9]|2[0-3]):[0-5][0-9]$' });
const EndClock = Type.String({ pattern: '^(([01][0-9]|2[0-3]):[0-5][0-9]|24:00)$' });
const LocalDate = Type.String({ pattern: '^[0-9]{4}-[0-9]{2}-[0-9]{2}$', description: 'A local date, YYYY-MM-DD' });
const Days = Type.Array(Type.Integer({ minimum: 1, maximum: 7 }), {
  minItems: 1,
  maxItems: 7,
  uniqueItems: true,
  description: 'ISO weekdays, 1 = Monday … 7 = Sunday',
});
export const MaintenanceKind = Type.Enum([...MAINTENANCE_KINDS], { title: 'MaintenanceKind' });

/** A window's fields as a change names them (no defaults: an absent field stays as it is). */
const fields = {
  name: Type.String({ minLength: 1, maxLength: WINDOW_NAME_MAX }),
  /** A weekly window's days and times are read in it; a one-off's instants carry their offset (the zone is for display). */
  time_zone: TimeZone,
  kind: MaintenanceKind,
  /** One-off: from, to (at most 30 days apart). */
  starts_at: DateTime,
  ends_at: DateTime,
  /** Weekly: on these days, from `start_time` to `end_time` (not after the start: past midnight; equal: 24 hours). */
  days: Days,
  start_time: Clock,
  end_time: EndClock,
  /** Weekly: the last local date an occurrence starts on; null: no end. */
  ends_on: Type.Union([LocalDate, Type.Null()]),
  /** How `matchers` combine; none: every alert of the integration (or team). */
  match_mode: MatchMode,
  matchers: Matchers,
};

export const MaintenanceWindowCreate = Type.Object(
  {
    name: fields.name,
    team_id: NewTeamId,
    /** The one integration it silences; absent or null: every integration of the team. */
    integration_id: Type.Optional(Type.Union([Uuid, Type.Null()])),
    time_zone: Type.Optional(fields.time_zone),
    kind: fields.kind,
    starts_at: Type.Optional(fields.starts_at),
    ends_at: Type.Optional(fields.ends_at),
    days: Type.Optional(fields.days),
    start_time: Type.Optional(fields.start_time),
    end_time: Type.Optional(fields.end_time),
    ends_on: Type.Optional(fields.ends_on),
    match_mode: Type.Optional(fields.match_mode),
    matchers: Type.Optional(fields.matchers),
  },
  { title: 'MaintenanceWindowCreate', additionalProperties: false },
);
export type MaintenanceWindowCreate = Static<typeof MaintenanceWindowCreate>;

/** Any of the fields; changing `kind` needs the new kind's times, and drops the old kind's. */
export const MaintenanceWindowUpdate = Type.Object(
  {
    name: Type.Optional(fields.name),
    time_zone: Type.Optional(fields.time_zone),
    kind: Type.Optional(fields.kind),
    starts_at: Type.Optional(fields.starts_at),
    ends_at: Type.Optional(fields.ends_at),
    days: Type.Optional(fields.days),
    start_time: Type.Optional(fields.start_time),
    end_time: Type.Optional(fields.end_time),
    ends_on: Type.Optional(fields.ends_on),
    match_mode: Type.Optional(fields.match_mode),
    matchers: Type.Optional(fields.matchers),
  },
  { title: 'MaintenanceWindowUpdate', additionalProperties: false, minProperties: 1 },
);
export type MaintenanceWindowUpdate = Static<typeof MaintenanceWindowUpdate>;

const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);

export const MaintenanceWindowPublic = Type.Object(
  {
    id: Uuid,
    team_id: TeamId,
    integration_id: Nullable(Uuid),
    name: Type.String(),
    time_zone: Type.String(),
    kind: MaintenanceKind,
    starts_at: Nullable(DateTime),
    ends_at: Nullable(DateTime),
    days: Nullable(Type.Array(Type.Integer())),
    start_time: Nullable(Type.String()),
    end_time: Nullable(Type.String()),
    ends_on: Nullable(Type.String()),
    /** Ended by hand: the occurrence in progress then ended at this instant. */
    ended_at: Nullable(DateTime),
    match_mode: MatchMode,
    matchers: Type.Array(Matcher),
    created_by: MakerId,
    created_at: DateTime,
    updated_at: DateTime,
    /** In progress now: matching alerts are silenced until `current_end`. */
    active: Type.Boolean(),
    /** The end of the occurrence in progress (back-to-back occurrences counted as one); null when not active. */
    current_end: Nullable(DateTime),
    /** When not active: the next start (weekly: within 8 days); null: none. */
    next_start: Nullable(DateTime),
    /** Open alerts it silences now. */
    silenced_alerts: Type.Integer(),
  },
  { title: 'MaintenanceWindowPublic' },
);
export type MaintenanceWindowPublic = Static<typeof MaintenanceWindowPublic>;

export const MaintenanceWindowsPublic = Type.Object(
  { data: Type.Array(MaintenanceWindowPublic), count: Type.Integer() },
  { title: 'MaintenanceWindowsPublic' },
);

export const MaintenanceListQuery = Type.Object({
  ...PageQuery.properties,
  team_id: Type.Optional(Uuid),
  /** The windows that apply to this integration: its own and its team's whole-team ones. */
  integration_id: Type.Optional(Uuid),
});
export type MaintenanceListQuery = Static<typeof MaintenanceListQuery>;

export const ActiveMaintenanceQuery = Type.Object({ team_id: Type.Optional(Uuid) });
