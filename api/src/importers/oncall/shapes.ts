import { type Static, type TSchema, Type } from 'typebox';

// What the importer reads of Grafana OnCall's public HTTP API v1 (grafana/oncall,
// docs/sources/oncall-api-reference: users, teams, schedules, on_call_shifts,
// escalation_chains, escalation_policies, integrations, routes, personal_notification_rules):
// the `results` of each list answer. Objects stay open: OnCall sends more fields than these.
//
// The export file (`--from export.json`, written by `--save`) puts the answers together: each
// key is a list endpoint's name and holds its `results`, every page concatenated.

const Id = Type.String({ minLength: 1 });
const Nullable = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));
/** OnCall's shift times: `yyyy-MM-dd'T'HH:mm:ss`, local to the shift's (or schedule's) zone. */
const LocalDateTime = Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}T\\d{2}:\\d{2}:\\d{2}' });

export const OcUser = Type.Object({
  id: Id,
  email: Type.String({ minLength: 3 }),
  username: Type.Optional(Type.String()),
  role: Type.Optional(Type.String()),
  teams: Nullable(Type.Array(Type.String())),
});
export type OcUser = Static<typeof OcUser>;

export const OcTeam = Type.Object({ id: Id, name: Type.String({ minLength: 1 }) });

export const OcSchedule = Type.Object({
  id: Id,
  name: Type.String({ minLength: 1 }),
  type: Type.Union([Type.Literal('web'), Type.Literal('calendar'), Type.Literal('ical')]),
  team_id: Nullable(Type.String()),
  time_zone: Nullable(Type.String()),
  shifts: Nullable(Type.Array(Type.String())),
  ical_url_overrides: Nullable(Type.String()),
});
export type OcSchedule = Static<typeof OcSchedule>;

export const OcShift = Type.Object({
  id: Id,
  name: Type.String(),
  type: Type.Union([
    Type.Literal('single_event'),
    Type.Literal('recurrent_event'),
    Type.Literal('rolling_users'),
    Type.Literal('override'),
  ]),
  time_zone: Nullable(Type.String()),
  level: Nullable(Type.Integer()),
  start: LocalDateTime,
  duration: Type.Integer({ minimum: 0 }),
  rotation_start: Nullable(LocalDateTime),
  frequency: Nullable(Type.Union(['hourly', 'daily', 'weekly', 'monthly'].map((f) => Type.Literal(f)))),
  interval: Nullable(Type.Integer({ minimum: 1 })),
  until: Nullable(LocalDateTime),
  week_start: Nullable(Type.String()),
  by_day: Nullable(Type.Array(Type.Union(['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'].map((d) => Type.Literal(d))))),
  by_month: Nullable(Type.Array(Type.Integer())),
  by_monthday: Nullable(Type.Array(Type.Integer())),
  users: Nullable(Type.Array(Type.String())),
  rolling_users: Nullable(Type.Array(Type.Array(Type.String()))),
  start_rotation_from_user_index: Nullable(Type.Integer({ minimum: 0 })),
});
export type OcShift = Static<typeof OcShift>;

export const OcChain = Type.Object({ id: Id, name: Type.String({ minLength: 1 }), team_id: Nullable(Type.String()) });
export type OcChain = Static<typeof OcChain>;

export const OcPolicy = Type.Object({
  id: Id,
  escalation_chain_id: Type.String(),
  position: Type.Integer(),
  type: Type.Union([Type.String(), Type.Null()]),
  duration: Nullable(Type.Integer({ minimum: 0 })),
  important: Type.Optional(Type.Boolean()),
  persons_to_notify: Nullable(Type.Array(Type.String())),
  persons_to_notify_next_each_time: Nullable(Type.Array(Type.String())),
  notify_on_call_from_schedule: Nullable(Type.String()),
  team_to_notify: Nullable(Type.String()),
});
export type OcPolicy = Static<typeof OcPolicy>;

export const OcIntegration = Type.Object({
  id: Id,
  name: Type.String({ minLength: 1 }),
  description_short: Nullable(Type.String()),
  team_id: Nullable(Type.String()),
  link: Nullable(Type.String()),
  type: Type.String(),
  default_route: Nullable(Type.Object({ id: Type.Optional(Type.String()), escalation_chain_id: Nullable(Type.String()) })),
});
export type OcIntegration = Static<typeof OcIntegration>;

export const OcRoute = Type.Object({ id: Id, integration_id: Type.String(), is_the_last_route: Type.Optional(Type.Boolean()) });

export const OcNotificationRule = Type.Object({
  id: Id,
  user_id: Type.String(),
  position: Type.Integer(),
  important: Type.Optional(Type.Boolean()),
  type: Type.String(),
  duration: Nullable(Type.Integer({ minimum: 0 })),
});
export type OcNotificationRule = Static<typeof OcNotificationRule>;

/** The list endpoints read, in the order they are read. */
export const ONCALL_LISTS = [
  'users',
  'teams',
  'schedules',
  'on_call_shifts',
  'escalation_chains',
  'escalation_policies',
  'integrations',
  'routes',
  'personal_notification_rules',
] as const;

export const OncallExport = Type.Object({
  vendor: Type.Literal('oncall'),
  users: Type.Array(OcUser),
  teams: Type.Optional(Type.Array(OcTeam)),
  schedules: Type.Optional(Type.Array(OcSchedule)),
  on_call_shifts: Type.Optional(Type.Array(OcShift)),
  escalation_chains: Type.Optional(Type.Array(OcChain)),
  escalation_policies: Type.Optional(Type.Array(OcPolicy)),
  integrations: Type.Optional(Type.Array(OcIntegration)),
  routes: Type.Optional(Type.Array(OcRoute)),
  personal_notification_rules: Type.Optional(Type.Array(OcNotificationRule)),
});
export type OncallExport = Static<typeof OncallExport>;
