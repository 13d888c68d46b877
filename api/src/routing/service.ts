import { type AuditActor, recordAudit } from '../audit/record.js';
import { type ContactDeps, requestConfirmations } from '../contacts/service.js';
import type { Db } from '../db/database.js';
import type { EscalationLevel, IntegrationRow, RoutingRuleRow, UserRow } from '../db/schema.js';
import { InvalidInput, notFound } from '../errors.js';
import { policyEmails } from '../escalation/policy.js';
import type { Intake } from '../ingest/intake.js';
import type { Matcher } from '../ingest/matchers.js';
import { requireTeamRole } from '../teams/access.js';
import type { RoutingRuleInput, RoutingRulePublic, RoutingRulesUpdate } from './schema.js';
import { ruleIssues } from './validation.js';

/**
 * An integration's routing rules (docs/oncall/routing.md): its team's members read them, its
 * admins (or a superuser) replace them, as they change the integration itself; anyone else
 * gets 404 Integration not found.
 */
export type RoutingDeps = ContactDeps & {
  /** Its stage cache is emptied for the integration on every change: the next body sees it. */
  intake: Pick<Intake, 'stages'>;
};

export function toRulePublic(row: RoutingRuleRow): RoutingRulePublic {
  return {
    id: row.id,
    position: row.position,
    name: row.name,
    mode: row.mode,
    matchers: row.matchers as Matcher[],
    action: row.action,
    escalation_policy_id: row.escalation_policy_id,
    severity: row.severity,
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  };
}

export async function rulesOf(db: Db, integrationId: string): Promise<RoutingRulePublic[]> {
  const rows = await db.selectFrom('routing_rules').selectAll().where('integration_id', '=', integrationId).orderBy('position').execute();
  return rows.map(toRulePublic);
}

/** The integration, locked against another replacement (not against ingestion), when `user` administers its team. */
async function integrationForChange(trx: Db, user: UserRow, id: string): Promise<IntegrationRow> {
  const integration = await trx.selectFrom('integrations').selectAll().where('id', '=', id).forNoKeyUpdate().executeTakeFirst();
  if (!integration) throw notFound('Integration');
  await requireTeamRole(trx, user, integration.team_id, 'manage', () => notFound('Integration'));
  return integration;
}

/**
 * The policies `rules` route to, of `teamId`, share-locked for the caller's transaction (not
 * deleted before it commits; `lock` false for a test, which keeps nothing); a rule naming another one, or with matchers that do not
 * compile, or an action missing its value: a 422 naming the rule (validation.ts).
 */
export async function checkRules(
  trx: Db,
  teamId: string,
  rules: RoutingRuleInput[],
  existingIds: Set<string> | null,
  lock = true,
): Promise<Map<string, { levels: EscalationLevel[] }>> {
  const policyIds = [...new Set(rules.flatMap((r) => (r.action === 'route' && r.escalation_policy_id ? [r.escalation_policy_id] : [])))];
  let query = trx.selectFrom('escalation_policies').select(['id', 'levels']).where('team_id', '=', teamId);
  if (lock) query = query.forKeyShare();
  const policies = policyIds.length === 0 ? [] : await query.where('id', 'in', policyIds).execute();
  const known = new Map(policies.map((p) => [p.id, { levels: p.levels }]));
  const issues = ruleIssues(rules, ['body', 'rules'], { policies: new Set(known.keys()), existingIds });
  if (issues.length > 0) throw new InvalidInput(issues);
  return known;
}

/**
 * Replaces the integration's rules with `input.rules`, in that order, in one transaction (a
 * reorder is atomic). A rule given with the `id` of a saved one is that rule changed (its
 * drops stay linked to it); one without, a new rule; a saved rule not given is deleted. The
 * addresses of a routed policy are asked to confirm on the integration maker's behalf, as for
 * the integration's own policy.
 */
export async function replaceRules(
  deps: RoutingDeps,
  actor: AuditActor,
  user: UserRow,
  integrationId: string,
  input: RoutingRulesUpdate,
): Promise<RoutingRulePublic[]> {
  const asked = await deps.db.transaction().execute(async (trx) => {
    const integration = await integrationForChange(trx, user, integrationId);
    const before = await trx
      .selectFrom('routing_rules')
      .selectAll()
      .where('integration_id', '=', integrationId)
      .orderBy('position')
      .execute();
    const policies = await checkRules(trx, integration.team_id, input.rules, new Set(before.map((r) => r.id)));
    const keptIds = new Set(input.rules.flatMap((r) => (r.id ? [r.id] : [])));
    const removed = before.filter((r) => !keptIds.has(r.id)).map((r) => r.id);
    if (removed.length > 0) await trx.deleteFrom('routing_rules').where('id', 'in', removed).execute();
    const now = deps.now();
    for (const [position, rule] of input.rules.entries()) {
      const values = {
        position,
        name: rule.name,
        mode: rule.mode ?? 'all',
        matchers: JSON.stringify(rule.matchers),
        action: rule.action,
        escalation_policy_id: rule.action === 'route' ? (rule.escalation_policy_id ?? null) : null,
        severity: rule.action === 'drop' ? null : (rule.severity ?? null),
      };
      if (rule.id) {
        // The position is unique per integration at commit (the constraint is deferred): rows pass each other here.
        await trx
          .updateTable('routing_rules')
          .set({ ...values, updated_at: now })
          .where('id', '=', rule.id)
          .execute();
      } else {
        await trx
          .insertInto('routing_rules')
          .values({ ...values, integration_id: integrationId, created_at: now, updated_at: now })
          .execute();
      }
    }
    const after = await trx
      .selectFrom('routing_rules')
      .selectAll()
      .where('integration_id', '=', integrationId)
      .orderBy('position')
      .execute();
    await recordAudit(trx, actor, {
      action: 'routing_rules.replaced',
      targetType: 'routing_rules',
      targetId: integrationId,
      teamId: integration.team_id,
      before: { integration_id: integrationId, rules: before.map(toAudited) },
      after: { integration_id: integrationId, rules: after.map(toAudited) },
    });
    if (!integration.owner_id) return 0;
    const emails = [...new Set([...policies.values()].flatMap((p) => policyEmails(p)))];
    return requestConfirmations(trx, deps, integration.owner_id, emails);
  });
  deps.intake.stages.invalidate(integrationId);
  if (asked > 0) deps.notifications.kick();
  return rulesOf(deps.db, integrationId);
}

/** A rule as the audit log keeps it: what it does, not when. */
const toAudited = (row: RoutingRuleRow) => {
  const { created_at: _, updated_at: __, ...rule } = toRulePublic(row);
  return rule;
};
