import { type Static, Type } from 'typebox';
import { MakerId, NewTeamId, OptionalText, PageQuery, TeamId, TeamQuery } from '../common/schema.js';
import { LABEL_NAME_MAX } from '../ingest/events.js';
import { IngestKey } from '../ingest/schema.js';

export const INTEGRATION_TITLE_MAX = 255;
export const INTEGRATION_DESCRIPTION_MAX = 4096;

/** Any signed-in user's policy may be used; null: none. One schema with a type list: one 422 item. */
const OptionalPolicyId = Type.Optional(Type.Unsafe<string | null>({ type: ['string', 'null'], format: 'uuid' }));

export const GROUP_BY_MAX = 10;
export const GROUP_WINDOW_MINUTES_MAX = 1440;

/** Grouping (docs/oncall/grouping.md): label names as senders send them (no white space, as matchers name them). */
const GroupBy = Type.Array(Type.String({ minLength: 1, maxLength: LABEL_NAME_MAX, pattern: '^\\S+$' }), {
  maxItems: GROUP_BY_MAX,
  uniqueItems: true,
  description: "The label names whose values group the integration's alerts into one; empty: no grouping.",
});
const GroupWindow = Type.Integer({
  minimum: 1,
  maximum: GROUP_WINDOW_MINUTES_MAX,
  description: "How many minutes after a group's alert opened it still absorbs new alerts of its group.",
});
const Grouping = { group_by: Type.Optional(GroupBy), group_window_minutes: Type.Optional(GroupWindow) };

export const IntegrationPublic = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    title: Type.String(),
    description: Type.Union([Type.String(), Type.Null()]),
    owner_id: MakerId,
    team_id: TeamId,
    created_at: Type.String({ format: 'date-time' }),
    /** Whether an ingest key is set. The key itself is answered only when issued. */
    has_ingest_key: Type.Boolean(),
    /** The escalation policy its alerts follow (GET /escalation-policies/{id}); null: every active superuser, by hand. */
    escalation_policy_id: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
    /** The label names that group its alerts (docs/oncall/grouping.md); empty: none. */
    group_by: Type.Array(Type.String()),
    group_window_minutes: Type.Integer(),
  },
  { title: 'IntegrationPublic' },
);
export type IntegrationPublic = Static<typeof IntegrationPublic>;

export const IntegrationsPublic = Type.Object(
  { data: Type.Array(IntegrationPublic), count: Type.Integer() },
  { title: 'IntegrationsPublic' },
);

export const IntegrationCreate = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: INTEGRATION_TITLE_MAX }),
    description: OptionalText(INTEGRATION_DESCRIPTION_MAX),
    escalation_policy_id: OptionalPolicyId,
    team_id: NewTeamId,
    ...Grouping,
  },
  { title: 'IntegrationCreate', additionalProperties: false },
);
export type IntegrationCreate = Static<typeof IntegrationCreate>;

/** PATCH /integration/{id}: what is given changes; `escalation_policy_id: null` detaches its policy, `group_by: []` ends grouping. */
export const IntegrationUpdate = Type.Object(
  {
    title: Type.Optional(Type.String({ minLength: 1, maxLength: INTEGRATION_TITLE_MAX })),
    description: OptionalText(INTEGRATION_DESCRIPTION_MAX),
    escalation_policy_id: OptionalPolicyId,
    ...Grouping,
  },
  { title: 'IntegrationUpdate', additionalProperties: false, minProperties: 1 },
);
export type IntegrationUpdate = Static<typeof IntegrationUpdate>;

/** The answer to a creation: the integration and, this once, its ingest key and URL. */
export const IntegrationCreated = Type.Object(
  { ...IntegrationPublic.properties, ...IngestKey.properties },
  { title: 'IntegrationCreated' },
);
export type IntegrationCreated = Static<typeof IntegrationCreated>;

export const IntegrationListQuery = Type.Object({ ...PageQuery.properties, ...TeamQuery.properties });
