import { type Static, Type } from 'typebox';
import { ALERT_DESCRIPTION_MAX, ALERT_TITLE_MAX, AlertSeverity } from '../alerts/schema.js';
import { Uuid } from '../common/schema.js';
import { DEDUP_KEY_MAX, LABEL_NAME_MAX, LABEL_VALUE_MAX, LABELS_MAX } from '../ingest/events.js';
import { Matcher, Matchers, MatchMode } from '../ingest/matchers.js';

/** An integration holds at most this many rules: each is evaluated on every trigger it receives. */
export const ROUTING_RULES_MAX = 50;
export const ROUTING_RULE_NAME_MAX = 100;
/** The alerts a test reads by default and at most: the integration's newest. */
export const ROUTING_TEST_DEFAULT = 20;
export const ROUTING_TEST_MAX = 100;

export const RoutingAction = Type.Enum(['route', 'severity', 'drop'], { title: 'RoutingAction' });
export type RoutingAction = Static<typeof RoutingAction>;

/** One rule as written: `id` keeps a saved rule (its drops stay linked to it); none, a new one. */
export const RoutingRuleInput = Type.Object(
  {
    id: Type.Optional(Uuid),
    name: Type.String({ minLength: 1, maxLength: ROUTING_RULE_NAME_MAX }),
    mode: Type.Optional(MatchMode),
    /** No matcher: the rule matches every trigger. */
    matchers: Matchers,
    action: RoutingAction,
    /** Required for `route` (a policy of the integration's team); refused otherwise. */
    escalation_policy_id: Type.Optional(Type.Union([Uuid, Type.Null()])),
    /** Required for `severity`; optional for `route` (which then sets it too); refused for `drop`. */
    severity: Type.Optional(Type.Union([AlertSeverity, Type.Null()])),
  },
  { title: 'RoutingRuleInput', additionalProperties: false },
);
export type RoutingRuleInput = Static<typeof RoutingRuleInput>;

export const RoutingRulesUpdate = Type.Object(
  { rules: Type.Array(RoutingRuleInput, { maxItems: ROUTING_RULES_MAX }) },
  { title: 'RoutingRulesUpdate', additionalProperties: false },
);
export type RoutingRulesUpdate = Static<typeof RoutingRulesUpdate>;

export const RoutingRulePublic = Type.Object(
  {
    id: Uuid,
    /** 0 first: the order of evaluation. */
    position: Type.Integer(),
    name: Type.String(),
    mode: MatchMode,
    matchers: Type.Array(Matcher),
    action: RoutingAction,
    escalation_policy_id: Type.Union([Uuid, Type.Null()]),
    severity: Type.Union([AlertSeverity, Type.Null()]),
    created_at: Type.String({ format: 'date-time' }),
    updated_at: Type.String({ format: 'date-time' }),
  },
  { title: 'RoutingRulePublic' },
);
export type RoutingRulePublic = Static<typeof RoutingRulePublic>;

export const RoutingRulesPublic = Type.Object(
  { data: Type.Array(RoutingRulePublic), count: Type.Integer() },
  { title: 'RoutingRulesPublic' },
);

/** An event to try the rules on, as a generic trigger would carry it. */
export const RoutingSampleEvent = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: ALERT_TITLE_MAX }),
    description: Type.Optional(Type.Union([Type.String({ maxLength: ALERT_DESCRIPTION_MAX }), Type.Null()])),
    severity: Type.Optional(AlertSeverity),
    dedup_key: Type.Optional(Type.String({ minLength: 1, maxLength: DEDUP_KEY_MAX })),
    labels: Type.Optional(
      Type.Record(Type.String({ minLength: 1, maxLength: LABEL_NAME_MAX }), Type.String({ maxLength: LABEL_VALUE_MAX }), {
        maxProperties: LABELS_MAX,
      }),
    ),
  },
  { title: 'RoutingSampleEvent', additionalProperties: false },
);
export type RoutingSampleEvent = Static<typeof RoutingSampleEvent>;

export const RoutingTestRequest = Type.Object(
  {
    /** The rules to try; absent: the integration's saved rules. */
    rules: Type.Optional(Type.Array(RoutingRuleInput, { maxItems: ROUTING_RULES_MAX })),
    /** How many of the integration's newest alerts to try them on (0: none, only the sample). */
    limit: Type.Optional(Type.Integer({ minimum: 0, maximum: ROUTING_TEST_MAX })),
    event: Type.Optional(RoutingSampleEvent),
  },
  { title: 'RoutingTestRequest', additionalProperties: false },
);
export type RoutingTestRequest = Static<typeof RoutingTestRequest>;

const AppliedRule = Type.Object({ position: Type.Integer(), name: Type.String(), action: RoutingAction }, { title: 'RoutingAppliedRule' });

export const RoutingOutcome = Type.Enum(['routed', 'dropped', 'default'], { title: 'RoutingOutcome' });
export type RoutingOutcome = Static<typeof RoutingOutcome>;

export const RoutingTestResult = Type.Object(
  {
    /** `alert`: one of the integration's alerts, as stored; `sample`: the event given. */
    source: Type.Enum(['alert', 'sample'], { title: 'RoutingTestSource' }),
    alert_id: Type.Union([Uuid, Type.Null()]),
    dedup_key: Type.Union([Type.String(), Type.Null()]),
    title: Type.String(),
    /** The severity the rules read (an alert's as stored). */
    severity: AlertSeverity,
    labels: Type.Record(Type.String(), Type.String()),
    created_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
    /** routed: a route rule ended it; dropped: a drop rule; default: none, it follows the integration's policy. */
    outcome: RoutingOutcome,
    /** The rule that ended the evaluation (route or drop); null when none did. */
    rule: Type.Union([AppliedRule, Type.Null()]),
    /** Every rule that matched, in order (severity rules, then the one that ended it). */
    applied: Type.Array(AppliedRule),
    /** The policy it would escalate by (the rule's, else the integration's); null when dropped or none. */
    escalation_policy_id: Type.Union([Uuid, Type.Null()]),
    /** The severity it would be stored with. */
    result_severity: AlertSeverity,
  },
  { title: 'RoutingTestResult' },
);
export type RoutingTestResult = Static<typeof RoutingTestResult>;

export const RoutingTestAnswer = Type.Object(
  { data: Type.Array(RoutingTestResult), count: Type.Integer() },
  { title: 'RoutingTestAnswer' },
);

export const RoutingDropPublic = Type.Object(
  {
    id: Type.String(),
    /** Null once the rule is deleted; `rule_name` is its name when it dropped the event. */
    rule_id: Type.Union([Uuid, Type.Null()]),
    rule_name: Type.String(),
    dedup_key: Type.String(),
    title: Type.String(),
    severity: AlertSeverity,
    labels: Type.Record(Type.String(), Type.String()),
    dropped_at: Type.String({ format: 'date-time' }),
  },
  { title: 'RoutingDropPublic' },
);
export type RoutingDropPublic = Static<typeof RoutingDropPublic>;

export const RoutingDropsPublic = Type.Object(
  { data: Type.Array(RoutingDropPublic), count: Type.Integer() },
  { title: 'RoutingDropsPublic' },
);
