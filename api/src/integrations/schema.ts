import { type Static, Type } from 'typebox';
import { MakerId, NewTeamId, OptionalText, PageQuery, TeamId, TeamQuery } from '../common/schema.js';
import { IngestKey } from '../ingest/schema.js';

export const INTEGRATION_TITLE_MAX = 255;
export const INTEGRATION_DESCRIPTION_MAX = 4096;

/** Any signed-in user's policy may be used; null: none. One schema with a type list: one 422 item. */
const OptionalPolicyId = Type.Optional(Type.Unsafe<string | null>({ type: ['string', 'null'], format: 'uuid' }));

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
  },
  { title: 'IntegrationCreate', additionalProperties: false },
);
export type IntegrationCreate = Static<typeof IntegrationCreate>;

/** PATCH /integration/{id}: what is given changes; `escalation_policy_id: null` detaches its policy. */
export const IntegrationUpdate = Type.Object(
  {
    title: Type.Optional(Type.String({ minLength: 1, maxLength: INTEGRATION_TITLE_MAX })),
    description: OptionalText(INTEGRATION_DESCRIPTION_MAX),
    escalation_policy_id: OptionalPolicyId,
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
