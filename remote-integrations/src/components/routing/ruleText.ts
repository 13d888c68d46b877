import type { RoutingMatcher, RoutingRuleInput, RoutingTestResult } from '@vigil/shared';

/** A rule as edited: the input the API takes, and a key that stays while it moves. */
export type RuleDraft = RoutingRuleInput & { key: number };

export const OPERATORS: { value: RoutingMatcher['op']; label: string }[] = [
  { value: 'equals', label: 'equals' },
  { value: 'not_equals', label: 'does not equal' },
  { value: 'regex', label: 'matches the regex' },
  { value: 'not_regex', label: 'does not match the regex' },
  { value: 'exists', label: 'is set' },
  { value: 'not_exists', label: 'is not set' },
];

export const FIELDS = ['title', 'description', 'severity', 'dedup_key'] as const;
export const SEVERITIES = ['critical', 'high', 'warning', 'info'] as const;

export const takesValue = (op: RoutingMatcher['op']) => op !== 'exists' && op !== 'not_exists';

const operatorLabel = (op: RoutingMatcher['op']) => OPERATORS.find((o) => o.value === op)?.label ?? op;

/** `labels.env equals "staging"`, `title is set`. */
export const matcherText = (m: RoutingMatcher) =>
  takesValue(m.op) ? `${m.field} ${operatorLabel(m.op)} ${JSON.stringify(m.value ?? '')}` : `${m.field} ${operatorLabel(m.op)}`;

/** "When labels.env equals "staging" and …" / "Every alert". */
export function conditionText(rule: Pick<RoutingRuleInput, 'matchers' | 'mode'>): string {
  if (rule.matchers.length === 0) return 'Every alert';
  return `When ${rule.matchers.map(matcherText).join(rule.mode === 'any' ? ' or ' : ' and ')}`;
}

/** "Route to Databases", "Set severity to info", "Drop". */
export function actionText(
  rule: Pick<RoutingRuleInput, 'action' | 'escalation_policy_id' | 'severity'>,
  policyName: (id: string) => string,
) {
  if (rule.action === 'drop') return 'Drop';
  if (rule.action === 'severity') return `Set severity to ${rule.severity ?? '…'}`;
  const to = `Route to ${rule.escalation_policy_id ? policyName(rule.escalation_policy_id) : '…'}`;
  return rule.severity ? `${to}, severity ${rule.severity}` : to;
}

/** What a test says became of one alert. */
export function outcomeText(result: RoutingTestResult, policyName: (id: string) => string): string {
  if (result.outcome === 'dropped') return 'Dropped';
  const policy = result.escalation_policy_id ? policyName(result.escalation_policy_id) : 'none';
  return result.outcome === 'routed' ? `Routed to ${policy}` : `The integration's policy: ${policy}`;
}

/** The draft as the API takes it: what its action does not use left out. */
export function toInput({ key: _, ...draft }: RuleDraft): RoutingRuleInput {
  return {
    ...(draft.id && { id: draft.id }),
    name: draft.name.trim(),
    mode: draft.mode ?? 'all',
    matchers: draft.matchers.map((m) =>
      takesValue(m.op) ? { field: m.field, op: m.op, value: m.value ?? '' } : { field: m.field, op: m.op },
    ),
    action: draft.action,
    ...(draft.action === 'route' && { escalation_policy_id: draft.escalation_policy_id ?? null }),
    ...(draft.action !== 'drop' && draft.severity && { severity: draft.severity }),
  };
}

/**
 * A 422's items per rule: `rules.2.matchers.0.value` → rule 2's message list, in the order
 * given (each message already names the rule and what is wrong).
 */
export function errorsByRule(errors: Record<string, string>): Map<number, string[]> {
  const byRule = new Map<number, string[]>();
  for (const [key, message] of Object.entries(errors)) {
    const match = /^rules\.(\d+)(\.|$)/.exec(key);
    if (!match) continue;
    const index = Number(match[1]);
    byRule.set(index, [...(byRule.get(index) ?? []), message]);
  }
  return byRule;
}
