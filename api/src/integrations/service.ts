import type { AlertChangeFeed } from '../alerts/alertChanges.js';
import { type AuditActor, recordAudit } from '../audit/record.js';
import { readCheckedPage } from '../common/checkedPage.js';
import { type ContactDeps, requestConfirmations } from '../contacts/service.js';
import type { Db } from '../db/database.js';
import type { IntegrationRow, UserRow } from '../db/schema.js';
import { invalidField, notFound } from '../errors.js';
import { policyEmails } from '../escalation/policy.js';
import { newIngestKey } from '../ingest/keys.js';
import { requireTeamRole, type TeamNeed, teamForNew } from '../teams/access.js';
import type { IntegrationCreate, IntegrationPublic, IntegrationUpdate } from './schema.js';

/** The integration as answered; its policy is read at GET /escalation-policies/{id}. */
export function toIntegrationPublic(integration: IntegrationRow): IntegrationPublic {
  return {
    id: integration.id,
    title: integration.title,
    description: integration.description,
    owner_id: integration.owner_id,
    team_id: integration.team_id,
    created_at: integration.created_at.toISOString(),
    has_ingest_key: integration.ingest_key_hash !== null,
    escalation_policy_id: integration.escalation_policy_id,
    group_by: integration.group_by,
    group_window_minutes: integration.group_window_minutes,
  };
}

/**
 * A page of the integrations of `user`'s teams (a superuser's: everyone's; `teamId`: that
 * team's), newest first, with the O(1) count, checked in the same statement against the stored
 * user (common/checkedPage.ts): undefined when that user changed, and the caller reads it again.
 */
export async function listIntegrations(db: Db, user: UserRow, offset: number, limit: number, teamId?: string) {
  const page = await readCheckedPage<IntegrationRow>(db, 'integrations', user, offset, limit, teamId);
  if (!page) return page;
  return { data: page.rows.map(toIntegrationPublic), count: page.count };
}

/**
 * The integration when `user` may `need` it: a member of its team reads it, an admin changes
 * it (superusers both). A stranger's is "not found", like an unknown id; a member without the
 * role gets 403.
 */
export async function getOwnedIntegration(db: Db, user: UserRow, id: string, need: TeamNeed = 'read'): Promise<IntegrationRow> {
  const integration = await db.selectFrom('integrations').selectAll().where('id', '=', id).executeTakeFirst();
  if (!integration) throw notFound('Integration');
  await requireTeamRole(db, user, integration.team_id, need, () => notFound('Integration'));
  return integration;
}

/**
 * The policy `policyId` names, of the integration's team, share-locked for the caller's
 * transaction (so it is not deleted before the integration taking it commits), or a 422 at
 * `escalation_policy_id`.
 */
async function usablePolicy(trx: Db, policyId: string, teamId: string) {
  const policy = await trx
    .selectFrom('escalation_policies')
    .select(['id', 'levels'])
    .where('id', '=', policyId)
    .where('team_id', '=', teamId)
    .forKeyShare()
    .executeTakeFirst();
  if (!policy) throw invalidField(['body', 'escalation_policy_id'], 'no escalation policy of the team with this id');
  return policy;
}

/**
 * A new integration with a fresh ingest key: the key is returned for this one answer, only its
 * hash is kept. With a policy, the addresses it names are asked to confirm for the owner.
 */
export async function createIntegration(
  deps: ContactDeps,
  actor: AuditActor,
  owner: UserRow,
  input: IntegrationCreate,
): Promise<{ integration: IntegrationRow; ingestKey: string }> {
  const { key, hash } = newIngestKey();
  const policyId = input.escalation_policy_id ?? null;
  const { integration, asked } = await deps.db.transaction().execute(async (trx) => {
    const teamId = await teamForNew(trx, owner, input.team_id, 'manage');
    const policy = policyId ? await usablePolicy(trx, policyId, teamId) : null;
    const integration = await trx
      .insertInto('integrations')
      .values({
        title: input.title,
        description: input.description ?? null,
        owner_id: owner.id,
        team_id: teamId,
        ingest_key_hash: hash,
        escalation_policy_id: policyId,
        ...(input.group_by !== undefined && { group_by: input.group_by }),
        ...(input.group_window_minutes !== undefined && { group_window_minutes: input.group_window_minutes }),
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: 'integration.created',
      targetType: 'integration',
      targetId: integration.id,
      teamId: integration.team_id,
      after: integration,
    });
    return { integration, asked: policy ? await requestConfirmations(trx, deps, owner.id, policyEmails(policy)) : 0 };
  });
  if (asked > 0) deps.notifications.kick();
  return { integration, ingestKey: key };
}

/** Changes what `patch` gives (a team admin or superuser); a new policy's addresses are asked to confirm. */
export async function updateIntegration(
  deps: ContactDeps,
  actor: AuditActor,
  user: UserRow,
  id: string,
  patch: IntegrationUpdate,
): Promise<IntegrationRow> {
  const { integration, asked } = await deps.db.transaction().execute(async (trx) => {
    const before = await lockedIntegration(trx, user, id);
    const policy = patch.escalation_policy_id ? await usablePolicy(trx, patch.escalation_policy_id, before.team_id) : null;
    const integration = await trx
      .updateTable('integrations')
      .set({
        ...(patch.title !== undefined && { title: patch.title }),
        ...(patch.description !== undefined && { description: patch.description }),
        ...(patch.escalation_policy_id !== undefined && { escalation_policy_id: patch.escalation_policy_id }),
        ...(patch.group_by !== undefined && { group_by: patch.group_by }),
        ...(patch.group_window_minutes !== undefined && { group_window_minutes: patch.group_window_minutes }),
      })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirst();
    if (!integration) throw notFound('Integration');
    await recordAudit(trx, actor, {
      action: 'integration.updated',
      targetType: 'integration',
      targetId: id,
      teamId: integration.team_id,
      before,
      after: integration,
    });
    const asked = policy && integration.owner_id ? await requestConfirmations(trx, deps, integration.owner_id, policyEmails(policy)) : 0;
    return { integration, asked };
  });
  if (asked > 0) deps.notifications.kick();
  return integration;
}

/**
 * Replaces the integration's ingest key (a team admin or superuser). One UPDATE: from its
 * commit on, the old key is refused and the new one works.
 */
export async function rotateIngestKey(db: Db, actor: AuditActor, user: UserRow, id: string): Promise<string> {
  const { key, hash } = newIngestKey();
  await db.transaction().execute(async (trx) => {
    await lockedIntegration(trx, user, id);
    const integration = await trx
      .updateTable('integrations')
      .set({ ingest_key_hash: hash })
      .where('id', '=', id)
      .returningAll()
      .executeTakeFirstOrThrow();
    // That a key was issued, never the key or its hash.
    await recordAudit(trx, actor, {
      action: 'integration.key_rotated',
      targetType: 'integration',
      targetId: id,
      teamId: integration.team_id,
      after: integration,
    });
  });
  return key;
}

/** Its alerts stay with the team, detached (alerts.integration_id is ON DELETE SET NULL): the team's consoles hear of it. */
export async function deleteIntegration(
  deps: { db: Db; alertChanges: AlertChangeFeed },
  actor: AuditActor,
  user: UserRow,
  id: string,
): Promise<void> {
  const deleted = await deps.db.transaction().execute(async (trx) => {
    await lockedIntegration(trx, user, id);
    const before = await trx.deleteFrom('integrations').where('id', '=', id).returningAll().executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: 'integration.deleted',
      targetType: 'integration',
      targetId: id,
      teamId: before.team_id,
      before,
    });
    return before;
  });
  deps.alertChanges.announce([deleted.team_id]);
}

/** The integration as it is before a change, locked to the caller's transaction, when `user` administers its team (else 404 or 403 as getOwnedIntegration). */
async function lockedIntegration(trx: Db, user: UserRow, id: string): Promise<IntegrationRow> {
  const integration = await trx.selectFrom('integrations').selectAll().where('id', '=', id).forUpdate().executeTakeFirst();
  if (!integration) throw notFound('Integration');
  await requireTeamRole(trx, user, integration.team_id, 'manage', () => notFound('Integration'));
  return integration;
}
