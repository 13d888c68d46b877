import type { AlertSeverity } from '../db/schema.js';
import { compileMatchers, type EventTest, type Matcher, type MatchMode } from '../ingest/matchers.js';
import type { RoutingAction, RoutingOutcome } from './schema.js';

/**
 * How an integration's rules decide about one trigger (docs/decisions/0091-routing-rules.md):
 * in order; a matching `severity` rule sets the severity and evaluation goes on (later rules
 * read the new severity); the first matching `route` or `drop` rule ends it. No rule ending
 * it: the alert follows the integration's policy. Pure: the ingest stage and the console's
 * test both call it.
 */
export interface RuleSource {
  id: string | null;
  position: number;
  name: string;
  mode: MatchMode;
  matchers: Matcher[];
  action: RoutingAction;
  escalation_policy_id: string | null;
  severity: AlertSeverity | null;
}

export interface CompiledRule {
  id: string | null;
  position: number;
  name: string;
  action: RoutingAction;
  policyId: string | null;
  severity: AlertSeverity | null;
  test: EventTest;
}

export type RoutedEvent = Parameters<EventTest>[0];

export interface Decision {
  outcome: RoutingOutcome;
  /** The rule that ended it (route or drop); null when none did. */
  rule: CompiledRule | null;
  /** Every rule that matched, in order. */
  applied: CompiledRule[];
  severity: AlertSeverity;
  /** The routed policy; null unless `outcome` is routed. */
  policyId: string | null;
}

/**
 * The rules, compiled once. Matchers are checked when saved (routing/service.ts); a rule that
 * would not compile all the same (a row written by hand) never matches rather than failing
 * every body of its integration.
 */
export function compileRules(rules: RuleSource[]): CompiledRule[] {
  return [...rules]
    .sort((a, b) => a.position - b.position)
    .map((rule) => {
      let test: EventTest;
      try {
        test = compileMatchers(rule.mode, rule.matchers);
      } catch {
        test = () => false;
      }
      return {
        id: rule.id,
        position: rule.position,
        name: rule.name,
        action: rule.action,
        policyId: rule.escalation_policy_id,
        severity: rule.severity,
        test,
      };
    });
}

export function decide(rules: CompiledRule[], event: RoutedEvent): Decision {
  let current = event;
  const applied: CompiledRule[] = [];
  for (const rule of rules) {
    if (!rule.test(current)) continue;
    applied.push(rule);
    if (rule.severity) current = { ...current, severity: rule.severity };
    if (rule.action === 'severity') continue;
    const routed = rule.action === 'route';
    return { outcome: routed ? 'routed' : 'dropped', rule, applied, severity: current.severity, policyId: routed ? rule.policyId : null };
  }
  return { outcome: 'default', rule: null, applied, severity: current.severity, policyId: null };
}
