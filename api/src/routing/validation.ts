import type { ValidationIssue } from '../errors.js';
import { matcherIssues } from '../ingest/matchers.js';
import type { RoutingRuleInput } from './schema.js';

export const POLICY_NOT_IN_TEAM = "no escalation policy of the integration's team with this id";
export const UNKNOWN_RULE = 'no routing rule of this integration with this id';
export const RULE_LISTED_TWICE = 'this rule is listed twice';

/** How a 422 names a rule: its place (1 first) and its name, as the console lists them. */
export const ruleLabel = (index: number, name: string) => `rule ${index + 1} (${JSON.stringify(name)})`;

/**
 * What is wrong with each rule, every item located at `loc` + its index and worded with the
 * rule's place and name: matchers that do not compile (matcherIssues), an action without its
 * value or with one it does not take, a policy not of the integration's team, an `id` that is
 * none of the integration's rules (`existingIds`; null: ids are ignored, as in a test).
 */
export function ruleIssues(
  rules: RoutingRuleInput[],
  loc: (string | number)[],
  known: { policies: Set<string>; existingIds: Set<string> | null },
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const seen = new Set<string>();
  rules.forEach((rule, i) => {
    const at = [...loc, i];
    const named = (issue: ValidationIssue): ValidationIssue => ({
      ...issue,
      msg: `Value error, ${ruleLabel(i, rule.name)}: ${issue.msg.replace(/^Value error, /, '')}`,
    });
    const add = (field: string, msg: string, type = 'value_error') => issues.push(named({ loc: [...at, field], msg, type }));
    for (const issue of matcherIssues(rule.matchers, [...at, 'matchers'])) issues.push(named(issue));
    const policy = rule.escalation_policy_id ?? null;
    const severity = rule.severity ?? null;
    if (rule.action === 'route') {
      if (policy === null) add('escalation_policy_id', 'Field required for the action route', 'missing');
      else if (!known.policies.has(policy)) add('escalation_policy_id', POLICY_NOT_IN_TEAM);
    } else if (policy !== null) {
      add('escalation_policy_id', `only a route rule names a policy, not a ${rule.action} rule`);
    }
    if (rule.action === 'severity' && severity === null) add('severity', 'Field required for the action severity', 'missing');
    if (rule.action === 'drop' && severity !== null) add('severity', 'a drop rule sets no severity');
    if (rule.id && known.existingIds) {
      if (!known.existingIds.has(rule.id)) add('id', UNKNOWN_RULE);
      else if (seen.has(rule.id)) add('id', RULE_LISTED_TWICE);
      seen.add(rule.id);
    }
  });
  return issues;
}
