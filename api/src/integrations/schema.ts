import { type Static, Type } from 'typebox';
import { OptionalText } from '../common/schema.js';
import { IngestKey } from '../ingest/schema.js';

export const INTEGRATION_TITLE_MAX = 255;
export const INTEGRATION_DESCRIPTION_MAX = 4096;

const ContactEmail = Type.String({ format: 'email', maxLength: 254 });

export const ESCALATION_MAX_LEVELS = 10;

/** Any signed-in user's policy may be used; null: none. One schema with a type list: one 422 item. */
const OptionalPolicyId = Type.Optional(Type.Unsafe<string | null>({ type: ['string', 'null'], format: 'uuid' }));

/**
 * The shape integrations had before escalation policies were objects (docs/api/notifications.md,
 * "Notifications and escalation"): answered as a view of the integration's policy (its email
 * targets), taken by PUT /integration/{id}/escalation-policy (escalation/legacyView.ts).
 */
export const EscalationPolicyPublic = Type.Object(
  {
    /** Who is emailed at each level, level 1 first; empty: every active superuser. Past the last level, the last level again. */
    contacts: Type.Array(Type.Array(ContactEmail, { minItems: 1, maxItems: 20 }), { maxItems: ESCALATION_MAX_LEVELS }),
    /** Escalate an alert left unacknowledged this many minutes (up to 7 days); null: only by hand. */
    // One schema with a type list, not a union: one 422 item, not one per branch.
    escalate_after_minutes: Type.Unsafe<number | null>({ type: ['integer', 'null'], minimum: 1, maximum: 10080 }),
    /** The highest level the timer escalates to; a person can still escalate further. */
    max_level: Type.Integer({ minimum: 1, maximum: ESCALATION_MAX_LEVELS }),
  },
  // Closed: also the request body of PUT /integration/{id}/escalation-policy.
  { title: 'EscalationPolicy', additionalProperties: false },
);
export type EscalationPolicyPublic = Static<typeof EscalationPolicyPublic>;

export const IntegrationPublic = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    title: Type.String(),
    description: Type.Union([Type.String(), Type.Null()]),
    owner_id: Type.String({ format: 'uuid' }),
    created_at: Type.String({ format: 'date-time' }),
    /** Whether an ingest key is set. The key itself is answered only when issued. */
    has_ingest_key: Type.Boolean(),
    /** The escalation policy its alerts follow (GET /escalation-policies/{id}); null: every active superuser, by hand. */
    escalation_policy_id: Type.Union([Type.String({ format: 'uuid' }), Type.Null()]),
    /** The policy's email levels as the shape before policies had it; see escalation_policy_id for all of it. */
    escalation_policy: EscalationPolicyPublic,
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
