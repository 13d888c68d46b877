import { type Static, Type } from 'typebox';
import { MakerId, NewTeamId, OptionalText, PageQuery, TeamId, TeamQuery, Uuid } from '../common/schema.js';

// The bodies and answers of /api/v1/escalation-policies (docs/oncall/escalation-policies.md).
// Bodies are closed; that the users and schedules named exist the service checks,
// answering a 422 in the same shape (errors.ts, InvalidInput).

export const POLICY_NAME_MAX = 255;
export const POLICY_DESCRIPTION_MAX = 4096;
export const POLICY_LEVELS_MAX = 10;
export const POLICY_REPEAT_MAX = 10;
/** A level's targets of each kind at most. */
export const LEVEL_TARGETS_MAX = 20;
/** A week, as the delay integrations had (0009). */
export const LEVEL_DELAY_MAX_MINUTES = 10080;
/** The timer's highest level: every level of every repeat. */
export const POLICY_MAX_LEVEL_MAX = POLICY_LEVELS_MAX * (POLICY_REPEAT_MAX + 1);

const Name = Type.String({ minLength: 1, maxLength: POLICY_NAME_MAX });
const Email = Type.String({ format: 'email', maxLength: 254 });
const Ids = Type.Array(Uuid, { maxItems: LEVEL_TARGETS_MAX, uniqueItems: true });
// One schema with a type list, not a union: one 422 item, not one per branch.
const DelayMinutes = Type.Unsafe<number | null>({
  type: ['integer', 'null'],
  minimum: 1,
  maximum: LEVEL_DELAY_MAX_MINUTES,
  description: 'How long this level is given before the timer escalates to the next; null: the timer stops at this level.',
});
const MaxLevel = Type.Unsafe<number | null>({
  type: ['integer', 'null'],
  minimum: 1,
  maximum: POLICY_MAX_LEVEL_MAX,
  description:
    'The highest level (counted through repeats) the timer escalates to; null: the end of the last repeat. A person may escalate further by hand.',
});
const FirstLevelAfter = Type.Unsafe<number | null>({
  type: ['integer', 'null'],
  minimum: 0,
  maximum: LEVEL_DELAY_MAX_MINUTES,
  description:
    "Minutes a new alert waits before level 1 (0: at the timer's next pass); null: level 1's own delay_minutes, which then also leads to level 2.",
});
const Repeat = Type.Integer({
  minimum: 0,
  maximum: POLICY_REPEAT_MAX,
  description: 'How many times the whole policy runs again, from level 1, after its last level.',
});

export const EscalationTargetsInput = Type.Object(
  {
    user_ids: Type.Optional(Ids),
    /** Reach whoever is on call in the schedule at the moment the level is reached. */
    schedule_ids: Type.Optional(Ids),
    /** External addresses: reached once they confirm (GET /integration/{id}/contacts). */
    emails: Type.Optional(Type.Array(Email, { maxItems: LEVEL_TARGETS_MAX })),
  },
  { title: 'EscalationTargetsInput', additionalProperties: false },
);

export const EscalationTargets = Type.Object(
  {
    user_ids: Type.Array(Uuid),
    schedule_ids: Type.Array(Uuid),
    /** The level's external addresses: to the policy's owner and superusers only; anyone else reads []. */
    emails: Type.Array(Type.String()),
    /** How many addresses `emails` leaves out for this caller (0 for the owner and superusers). */
    hidden_email_count: Type.Integer({ minimum: 0 }),
  },
  { title: 'EscalationTargets' },
);

export const EscalationLevelInput = Type.Object(
  { delay_minutes: DelayMinutes, targets: EscalationTargetsInput },
  { title: 'EscalationLevelInput', additionalProperties: false },
);
export type EscalationLevelInput = Static<typeof EscalationLevelInput>;

export const EscalationLevel = Type.Object(
  { delay_minutes: Type.Union([Type.Integer(), Type.Null()]), targets: EscalationTargets },
  { title: 'EscalationLevel' },
);

const Levels = Type.Array(EscalationLevelInput, { minItems: 1, maxItems: POLICY_LEVELS_MAX });

export const EscalationPolicyCreate = Type.Object(
  {
    name: Name,
    description: OptionalText(POLICY_DESCRIPTION_MAX),
    team_id: NewTeamId,
    repeat: Type.Optional(Repeat),
    max_level: Type.Optional(MaxLevel),
    first_level_after_minutes: Type.Optional(FirstLevelAfter),
    levels: Levels,
  },
  { title: 'EscalationPolicyCreate', additionalProperties: false },
);
export type EscalationPolicyCreate = Static<typeof EscalationPolicyCreate>;

export const EscalationPolicyUpdate = Type.Object(
  {
    name: Type.Optional(Name),
    description: OptionalText(POLICY_DESCRIPTION_MAX),
    repeat: Type.Optional(Repeat),
    max_level: Type.Optional(MaxLevel),
    first_level_after_minutes: Type.Optional(FirstLevelAfter),
    levels: Type.Optional(Levels),
  },
  { title: 'EscalationPolicyUpdate', additionalProperties: false, minProperties: 1 },
);
export type EscalationPolicyUpdate = Static<typeof EscalationPolicyUpdate>;

export const EscalationPolicyPublic = Type.Object(
  {
    id: Uuid,
    owner_id: MakerId,
    team_id: TeamId,
    name: Type.String(),
    description: Type.Union([Type.String(), Type.Null()]),
    repeat: Type.Integer(),
    max_level: Type.Union([Type.Integer(), Type.Null()]),
    first_level_after_minutes: Type.Union([Type.Integer(), Type.Null()]),
    levels: Type.Array(EscalationLevel),
    /** How many integrations use it: a policy in use cannot be deleted. */
    integration_count: Type.Integer(),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { title: 'EscalationPolicyPublic' },
);
export type EscalationPolicyPublic = Static<typeof EscalationPolicyPublic>;

export const EscalationPoliciesPublic = Type.Object(
  { data: Type.Array(EscalationPolicyPublic), count: Type.Integer() },
  { title: 'EscalationPoliciesPublic' },
);

export const PolicyListQuery = Type.Object({ ...PageQuery.properties, ...TeamQuery.properties });
