import { type Static, Type } from 'typebox';
import { MakerId, NewTeamId, OptionalText, PageQuery, TeamId } from '../common/schema.js';
import { ALERT_ACTIONS, ALERT_EVENT_VIAS, ALERT_SEVERITIES, ALERT_STATES } from '../db/schema.js';

export const ALERT_TITLE_MAX = 255;
export const ALERT_DESCRIPTION_MAX = 4096;

// `enum` (not a union of literals) so an unknown value is one Ajv error, answered as
// pydantic's "Input should be 'a', 'b'" 422; the title makes each a named OpenAPI component.
export const AlertState = Type.Enum([...ALERT_STATES], { title: 'AlertState' });
export const AlertSeverity = Type.Enum([...ALERT_SEVERITIES], { title: 'AlertSeverity' });
export const AlertAction = Type.Enum([...ALERT_ACTIONS], { title: 'AlertAction' });

const DateTime = Type.String({ format: 'date-time' });
const Uuid = Type.String({ format: 'uuid' });

export const AlertPublic = Type.Object(
  {
    id: Uuid,
    title: Type.String(),
    description: Type.Union([Type.String(), Type.Null()]),
    state: AlertState,
    severity: AlertSeverity,
    escalation_level: Type.Integer(),
    integration_id: Type.Union([Uuid, Type.Null()]),
    owner_id: MakerId,
    team_id: TeamId,
    created_at: DateTime,
    updated_at: DateTime,
    /** The sender's key for an ingested alert (see docs/api/ingestion.md); null otherwise. */
    dedup_key: Type.Union([Type.String(), Type.Null()]),
    /** How many triggers this alert absorbed: 1, plus one per deduplicated repeat. */
    occurrence_count: Type.Integer(),
    last_seen_at: DateTime,
    /** When the integration's escalation policy escalates this alert unless it is acknowledged first; null: it will not. */
    next_escalation_at: Type.Union([DateTime, Type.Null()]),
    /** A group alert's key (docs/oncall/grouping.md): its occurrences at GET /alert/{id}/occurrences; null for any other alert. */
    group_key: Type.Union([Type.String(), Type.Null()]),
    /** Stored during a maintenance window: pages nobody until then (its end pages for it if it is still open); null: not silenced. */
    silenced_until: Type.Union([DateTime, Type.Null()]),
    /** The maintenance window that silenced it (kept after the window's end); null once that window is deleted. */
    maintenance_window_id: Type.Union([Uuid, Type.Null()]),
  },
  { title: 'AlertPublic' },
);
export type AlertPublic = Static<typeof AlertPublic>;

/** Who the alert's next escalation reaches (docs/oncall/escalation-policies.md). */
export const EscalationNext = Type.Object(
  {
    /** timer: unless someone acknowledges by `at`; by-hand: only if someone escalates; last-level: the policy's end. */
    kind: Type.Union([Type.Literal('timer'), Type.Literal('by-hand'), Type.Literal('last-level')]),
    level: Type.Union([Type.Integer(), Type.Null()]),
    at: Type.Union([DateTime, Type.Null()]),
    /** Users by name, then "N external addresses" (confirmed ones): never an address; resolved through schedules at `at`. */
    recipients: Type.Array(Type.String()),
  },
  { title: 'EscalationNext' },
);

/** One alert as the public action page reads it: with who its next escalation reaches (null once closed). */
export const AlertDetail = Type.Object(
  { ...AlertPublic.properties, escalation_next: Type.Union([EscalationNext, Type.Null()]) },
  { title: 'AlertDetail' },
);
export type AlertDetail = Static<typeof AlertDetail>;

export const AlertsPublic = Type.Object({ data: Type.Array(AlertPublic), count: Type.Integer() }, { title: 'AlertsPublic' });

export const AlertCreate = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: ALERT_TITLE_MAX }),
    description: OptionalText(ALERT_DESCRIPTION_MAX),
    // Untitled: a second "AlertSeverity" component carrying a default would clash with the first.
    severity: Type.Optional(Type.Enum([...ALERT_SEVERITIES], { default: 'warning' })),
    team_id: NewTeamId,
  },
  { title: 'AlertCreate', additionalProperties: false },
);
export type AlertCreate = Static<typeof AlertCreate>;

export const AlertEventPublic = Type.Object(
  {
    id: Uuid,
    action: AlertAction,
    from_state: AlertState,
    to_state: AlertState,
    /** "console" when a signed-in user acted, "link" for the public action page without login, "integration" for an ingested event. */
    via: Type.Enum([...ALERT_EVENT_VIAS], { title: 'AlertEventVia' }),
    actor_id: Type.Union([Uuid, Type.Null()]),
    /** The client address the action came from, as the API saw it (see TRUST_PROXY). */
    client_ip: Type.Union([Type.String(), Type.Null()]),
    created_at: DateTime,
    /** The address the signed notification link was mailed to, when the change came through one; else null. */
    recipient: Type.Union([Type.String(), Type.Null()]),
  },
  { title: 'AlertEventPublic' },
);
export type AlertEventPublic = Static<typeof AlertEventPublic>;

export const AlertEventsPublic = Type.Object({ data: Type.Array(AlertEventPublic), count: Type.Integer() }, { title: 'AlertEventsPublic' });

/** The list people work from: `?state=open&state=escalated&severity=critical&q=disk`. */
export const AlertListQuery = Type.Object({
  ...PageQuery.properties,
  state: Type.Optional(Type.Array(AlertState, { uniqueItems: true })),
  severity: Type.Optional(Type.Array(AlertSeverity, { uniqueItems: true })),
  q: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Part of the title, any case' })),
  team_id: Type.Optional(Uuid),
});
export type AlertListQuery = Static<typeof AlertListQuery>;
export type AlertFilters = Pick<AlertListQuery, 'state' | 'severity' | 'q' | 'team_id'>;

export const BULK_MAX = 100;

export const AlertBulkAction = Type.Object(
  {
    action: Type.Enum(['acknowledge', 'close'], { title: 'AlertBulkActionName' }),
    ids: Type.Array(Uuid, { minItems: 1, maxItems: BULK_MAX, uniqueItems: true }),
  },
  { title: 'AlertBulkAction', additionalProperties: false },
);
export type AlertBulkAction = Static<typeof AlertBulkAction>;

export const AlertBulkResult = Type.Object(
  {
    results: Type.Array(
      Type.Object(
        {
          id: Uuid,
          /** changed; unchanged (already so); not_found (unknown, or not the caller's); conflict (closed: cannot be acknowledged). */
          outcome: Type.Enum(['changed', 'unchanged', 'not_found', 'conflict'], { title: 'AlertBulkOutcome' }),
          state: Type.Union([AlertState, Type.Null()]),
        },
        { title: 'AlertBulkItem' },
      ),
    ),
    changed: Type.Integer(),
  },
  { title: 'AlertBulkResult' },
);
export type AlertBulkResult = Static<typeof AlertBulkResult>;

export const AlertStats = Type.Object(
  {
    /** Alerts not yet closed, by severity. */
    open_by_severity: Type.Object(
      Object.fromEntries(ALERT_SEVERITIES.map((s) => [s, Type.Integer()])) as Record<
        (typeof ALERT_SEVERITIES)[number],
        ReturnType<typeof Type.Integer>
      >,
    ),
    /** Mean time to acknowledge, over alerts created in the window that were acknowledged; null when none. */
    mtta_seconds: Type.Union([Type.Number(), Type.Null()]),
    /** Mean time to close, over alerts created in the window that were closed; null when none. */
    mttr_seconds: Type.Union([Type.Number(), Type.Null()]),
    window_days: Type.Integer(),
  },
  { title: 'AlertStats' },
);
export type AlertStats = Static<typeof AlertStats>;
