import type { Db } from '../db/database.js';
import type { AlertSeverity, UserRow } from '../db/schema.js';
import { cleanLabels } from '../ingest/events.js';
import { getOwnedIntegration } from '../integrations/service.js';
import { type CompiledRule, compileRules, decide, type RuleSource } from './evaluate.js';
import { ROUTING_TEST_DEFAULT, type RoutingTestRequest, type RoutingTestResult } from './schema.js';
import { checkRules } from './service.js';
import { loadRules } from './stage.js';

interface Tried {
  source: RoutingTestResult['source'];
  alert_id: string | null;
  dedup_key: string | null;
  title: string;
  description: string | null;
  severity: AlertSeverity;
  labels: Record<string, string>;
  created_at: Date | null;
}

const applied = (rule: CompiledRule) => ({ position: rule.position, name: rule.name, action: rule.action });

/**
 * POST /integration/{id}/routing-rules/test: what `input.rules` (absent: the saved ones) would
 * decide about the integration's newest alerts (their fields and labels as stored) and an
 * optional sample event. Changes nothing; whoever reads the integration may ask. Rules given
 * are checked as a save checks them (a 422 naming the rule).
 */
export async function testRules(db: Db, user: UserRow, integrationId: string, input: RoutingTestRequest): Promise<RoutingTestResult[]> {
  const integration = await getOwnedIntegration(db, user, integrationId);
  let rules: CompiledRule[];
  if (input.rules) {
    await checkRules(db, integration.team_id, input.rules, null, false);
    const sources = input.rules.map(
      (rule, position): RuleSource => ({
        id: rule.id ?? null,
        position,
        name: rule.name,
        mode: rule.mode ?? 'all',
        matchers: rule.matchers,
        action: rule.action,
        escalation_policy_id: rule.escalation_policy_id ?? null,
        severity: rule.severity ?? null,
      }),
    );
    rules = compileRules(sources);
  } else {
    rules = (await loadRules(db, integrationId)) ?? [];
  }
  const limit = input.limit ?? ROUTING_TEST_DEFAULT;
  const alerts =
    limit === 0
      ? []
      : await db
          .selectFrom('alerts')
          .select(['id', 'dedup_key', 'title', 'description', 'severity', 'labels', 'created_at'])
          .where('team_id', '=', integration.team_id)
          .where('integration_id', '=', integrationId)
          .orderBy('created_at', 'desc')
          .orderBy('id', 'desc')
          .limit(limit)
          .execute();
  const tried: Tried[] = alerts.map((a) => ({ source: 'alert', alert_id: a.id, ...a }));
  if (input.event) {
    const e = input.event;
    tried.unshift({
      source: 'sample',
      alert_id: null,
      dedup_key: e.dedup_key ?? null,
      title: e.title,
      description: e.description?.trim() ? e.description : null,
      severity: e.severity ?? 'warning',
      labels: cleanLabels(e.labels),
      created_at: null,
    });
  }
  return tried.map((t) => {
    const decision = decide(rules, {
      title: t.title,
      description: t.description,
      severity: t.severity,
      dedupKey: t.dedup_key ?? '',
      labels: t.labels ?? {},
    });
    return {
      source: t.source,
      alert_id: t.alert_id,
      dedup_key: t.dedup_key,
      title: t.title,
      severity: t.severity,
      labels: t.labels ?? {},
      created_at: t.created_at?.toISOString() ?? null,
      outcome: decision.outcome,
      rule: decision.rule && applied(decision.rule),
      applied: decision.applied.map(applied),
      escalation_policy_id:
        decision.outcome === 'dropped' ? null : decision.outcome === 'routed' ? decision.policyId : integration.escalation_policy_id,
      result_severity: decision.severity,
    };
  });
}
