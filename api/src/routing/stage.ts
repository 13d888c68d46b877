import type { Db } from '../db/database.js';
import type { IngestEvent } from '../ingest/events.js';
import type { Matcher } from '../ingest/matchers.js';
import type { DroppedEvent, IngestStage } from '../ingest/stages.js';
import { recordDrops } from './drops.js';
import { type CompiledRule, compileRules, decide } from './evaluate.js';

export const ROUTING_STAGE = 'routing';

/** An integration's rules as the stage runs them: read in order, compiled once per load. */
export async function loadRules(db: Db, integrationId: string): Promise<CompiledRule[] | null> {
  const rows = await db
    .selectFrom('routing_rules')
    .select(['id', 'position', 'name', 'mode', 'matchers', 'action', 'escalation_policy_id', 'severity'])
    .where('integration_id', '=', integrationId)
    .orderBy('position')
    .execute();
  return rows.length === 0 ? null : compileRules(rows.map((row) => ({ ...row, matchers: row.matchers as Matcher[] })));
}

/**
 * The first ingest stage (ingest/stageOrder.ts; docs/decisions/0091-routing-rules.md): each
 * trigger is decided by the integration's rules (routing/evaluate.ts): routed (its policy
 * set on the event, which the store writes on a new alert), given a severity, or dropped
 * (recorded in the integration's history once the store answered). Acknowledges and resolves
 * pass untouched: a rule never swallows the end of an alert it did not keep out.
 */
export const routingStage: IngestStage<CompiledRule[]> = {
  name: ROUTING_STAGE,
  load: loadRules,
  apply(rules, events) {
    const kept: IngestEvent[] = [];
    const dropped: DroppedEvent[] = [];
    for (const event of events) {
      if (event.action !== 'trigger') {
        kept.push(event);
        continue;
      }
      const decision = decide(rules, event);
      if (decision.outcome === 'dropped' && decision.rule) {
        dropped.push({ event, stage: ROUTING_STAGE, reason: decision.rule.name, byId: decision.rule.id });
        continue;
      }
      kept.push(
        decision.applied.length === 0
          ? event
          : { ...event, severity: decision.severity, ...(decision.outcome === 'routed' && { policyId: decision.policyId }) },
      );
    }
    return { kept, dropped };
  },
  record: recordDrops,
};
