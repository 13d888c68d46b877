import { type Static, Type } from 'typebox';

// What the importer reads of Opsgenie's REST API v2 (docs.opsgenie.com: Users, Teams, Schedules
// with rotations, Schedule Overrides, Escalations, Integrations, Team Routing Rules, Heartbeats,
// Notification Rules), as the `data` of each answer. Objects stay open: Opsgenie sends more
// fields than these, and the importer reads only what it names.
//
// The export file (`--from export.json`, written by `--save`) is these answers put together:
// each key holds the `data` of one list answer, its pages concatenated; answers per parent
// (a schedule's overrides, a team's routing rules, a user's notification rules) are keyed by
// the parent's id. docs/oncall/migrating.md shows it.

const Id = Type.String({ minLength: 1 });
const Text = Type.Optional(Type.String());
const Hour = Type.Integer({ minimum: 0, maximum: 24 });
const Minute = Type.Integer({ minimum: 0, maximum: 59 });
const DateTime = Type.String({ format: 'date-time' });
const Day = Type.Union(['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'].map((d) => Type.Literal(d)));

const OwnerTeam = Type.Object({ id: Text, name: Text });

export const OgUser = Type.Object({ id: Id, username: Type.String({ minLength: 3 }), fullName: Text });

/** A rotation participant, an override's user, an escalation rule's recipient. */
export const OgParticipant = Type.Object({ type: Type.String(), id: Text, username: Text, name: Text });
export type OgParticipant = Static<typeof OgParticipant>;

export const OgTeam = Type.Object({
  id: Id,
  name: Type.String({ minLength: 1 }),
  description: Text,
  members: Type.Optional(Type.Array(Type.Object({ user: Type.Object({ id: Text, username: Text }), role: Text }))),
});
export type OgTeam = Static<typeof OgTeam>;

export const OgRestriction = Type.Object({
  startDay: Type.Optional(Day),
  startHour: Hour,
  startMin: Minute,
  endDay: Type.Optional(Day),
  endHour: Hour,
  endMin: Minute,
});
export type OgRestriction = Static<typeof OgRestriction>;

export const OgTimeRestriction = Type.Object({
  type: Type.Union([Type.Literal('time-of-day'), Type.Literal('weekday-and-time-of-day')]),
  restriction: Type.Optional(OgRestriction),
  restrictions: Type.Optional(Type.Array(OgRestriction)),
});
export type OgTimeRestriction = Static<typeof OgTimeRestriction>;

export const OgRotation = Type.Object({
  id: Text,
  name: Text,
  startDate: DateTime,
  endDate: Type.Optional(DateTime),
  type: Type.Union([Type.Literal('hourly'), Type.Literal('daily'), Type.Literal('weekly')]),
  length: Type.Optional(Type.Integer({ minimum: 1 })),
  participants: Type.Array(OgParticipant),
  timeRestriction: Type.Optional(OgTimeRestriction),
});
export type OgRotation = Static<typeof OgRotation>;

export const OgSchedule = Type.Object({
  id: Id,
  name: Type.String({ minLength: 1 }),
  description: Text,
  timezone: Type.String({ minLength: 1 }),
  enabled: Type.Optional(Type.Boolean()),
  ownerTeam: Type.Optional(OwnerTeam),
  rotations: Type.Optional(Type.Array(OgRotation)),
});
export type OgSchedule = Static<typeof OgSchedule>;

export const OgOverride = Type.Object({
  alias: Text,
  user: OgParticipant,
  startDate: DateTime,
  endDate: DateTime,
  rotations: Type.Optional(Type.Array(Type.Object({ id: Text, name: Text }))),
});
export type OgOverride = Static<typeof OgOverride>;

const TimeUnit = Type.Optional(Type.String());

export const OgEscalation = Type.Object({
  id: Id,
  name: Type.String({ minLength: 1 }),
  description: Text,
  ownerTeam: Type.Optional(OwnerTeam),
  rules: Type.Array(
    Type.Object({
      condition: Text,
      notifyType: Text,
      delay: Type.Object({ timeAmount: Type.Integer({ minimum: 0 }), timeUnit: TimeUnit }),
      recipient: OgParticipant,
    }),
  ),
  repeat: Type.Optional(
    Type.Object({ waitInterval: Type.Optional(Type.Integer({ minimum: 0 })), count: Type.Optional(Type.Integer({ minimum: 0 })) }),
  ),
});
export type OgEscalation = Static<typeof OgEscalation>;

/** Get Integration's `data`: the list's fields, and `apiKey` for API-based integrations. */
export const OgIntegration = Type.Object({
  id: Id,
  name: Type.String({ minLength: 1 }),
  type: Type.String(),
  enabled: Type.Optional(Type.Boolean()),
  teamId: Text,
  ownerTeam: Type.Optional(OwnerTeam),
  apiKey: Text,
});
export type OgIntegration = Static<typeof OgIntegration>;

export const OgRoutingRule = Type.Object({
  id: Text,
  name: Text,
  isDefault: Type.Optional(Type.Boolean()),
  order: Type.Optional(Type.Integer()),
  notify: Type.Object({ type: Type.String(), id: Text, name: Text }),
});
export type OgRoutingRule = Static<typeof OgRoutingRule>;

export const OgHeartbeat = Type.Object({
  name: Type.String({ minLength: 1 }),
  description: Text,
  interval: Type.Integer({ minimum: 1 }),
  intervalUnit: Type.String(),
  enabled: Type.Optional(Type.Boolean()),
  ownerTeam: Type.Optional(OwnerTeam),
  alertPriority: Text,
});
export type OgHeartbeat = Static<typeof OgHeartbeat>;

/** Get Notification Rule's `data`: with its steps. */
export const OgNotificationRule = Type.Object({
  id: Text,
  name: Text,
  actionType: Type.String(),
  order: Type.Optional(Type.Integer()),
  enabled: Type.Optional(Type.Boolean()),
  steps: Type.Optional(
    Type.Array(
      Type.Object({
        contact: Type.Object({ method: Type.String(), to: Type.String() }),
        sendAfter: Type.Optional(Type.Object({ timeAmount: Type.Integer({ minimum: 0 }), timeUnit: TimeUnit })),
        enabled: Type.Optional(Type.Boolean()),
      }),
    ),
  ),
});
export type OgNotificationRule = Static<typeof OgNotificationRule>;

const byParent = <T extends Parameters<typeof Type.Array>[0]>(item: T) => Type.Optional(Type.Record(Type.String(), Type.Array(item)));

export const OpsgenieExport = Type.Object({
  vendor: Type.Literal('opsgenie'),
  users: Type.Array(OgUser),
  teams: Type.Optional(Type.Array(OgTeam)),
  schedules: Type.Optional(Type.Array(OgSchedule)),
  overrides: byParent(OgOverride),
  escalations: Type.Optional(Type.Array(OgEscalation)),
  integrations: Type.Optional(Type.Array(OgIntegration)),
  routingRules: byParent(OgRoutingRule),
  heartbeats: Type.Optional(Type.Array(OgHeartbeat)),
  notificationRules: byParent(OgNotificationRule),
});
export type OpsgenieExport = Static<typeof OpsgenieExport>;
