import type { AlertChangeFeed } from '../alerts/alertChanges.js';
import { type AuditActor, recordAudit } from '../audit/record.js';
import { readCheckedPage } from '../common/checkedPage.js';
import { type ContactDeps, requestConfirmations } from '../contacts/service.js';
import type { Db } from '../db/database.js';
import type { IntegrationRow, UserRow } from '../db/schema.js';
import { invalidField, notFound } from '../errors.js';
import { policyEmails } from '../escalation/policy.js';
import { newIngestKey } from '../ingest/keys.js';
import type { IntegrationCreate, IntegrationPublic, IntegrationUpdate } from './schema.js';

/** The integration as answered; its policy is read at GET /escalation-policies/{id}. */
export function toIntegrationPublic(integration: IntegrationRow): IntegrationPublic {
  return {
    id: integration.id,
    title: integration.title,
    description: integration.description,
    owner_id: integration.owner_id,
    created_at: integration.created_at.toISOString(),
    has_ingest_key: integration.ingest_key_hash !== null,
    escalation_policy_id: integration.escalation_policy_id,
  };
}

/**
 * A page of `user`'s integrations (a superuser's: everyone's), newest first, with the O(1)
 * count, checked in the same statement against the stored user (common/checkedPage.ts):
 * undefined when that user changed, and the caller reads it again.
 */
export async function listIntegrations(db: Db, user: UserRow, offset: number, limit: number) {
  const page = await readCheckedPage<IntegrationRow>(db, 'integrations', user, offset, limit);
  if (!page) return page;
  return { data: page.rows.map(toIntegrationPublic), count: page.count };
}

/** The integration if `user` owns it or is a superuser; a stranger's is "not found", like an unknown id. */
export async function getOwnedIntegration(db: Db, user: UserRow, id: string): Promise<IntegrationRow> {
  let query = db.selectFrom('integrations').selectAll().where('id', '=', id);
  if (!user.is_superuser) query = query.where('owner_id', '=', user.id);
  const integration = await query.executeTakeFirst();
  if (!integration) throw notFound('Integration');
  return integration;
}

/**
 * The policy `policyId` names, share-locked for the caller's transaction (so it is not deleted
 * before the integration taking it commits), or a 422 at `escalation_policy_id`.
 */
async function usablePolicy(trx: Db, policyId: string) {
  const policy = await trx
    .selectFrom('escalation_policies')
    .select(['id', 'levels'])
    .where('id', '=', policyId)
    .forKeyShare()
    .executeTakeFirst();
  if (!policy) throw invalidField(['body', 'escalation_policy_id'], 'no escalation policy with this id');
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
    const policy = policyId ? await usablePolicy(trx, policyId) : null;
    const integration = await trx
      .insertInto('integrations')
      .values({
        title: input.title,
        description: input.description ?? null,
        owner_id: owner.id,
        ingest_key_hash: hash,
        escalation_policy_id: policyId,
      })
      .returningAll()
      .executeTakeFirstOrThrow();
    await recordAudit(trx, actor, {
      action: 'integration.created',
      targetType: 'integration',
      targetId: integration.id,
      after: integration,
    });
    return { integration, asked: policy ? await requestConfirmations(trx, deps, owner.id, policyEmails(policy)) : 0 };
  });
  if (asked > 0) deps.notifications.kick();
  return { integration, ingestKey: key };
}

/** Changes what `patch` gives (owner or superuser, else 404); a new policy's addresses are asked to confirm. */
export async function updateIntegration(
  deps: ContactDeps,
  actor: AuditActor,
  user: UserRow,
  id: string,
  patch: IntegrationUpdate,
): Promise<IntegrationRow> {
  const { integration, asked } = await deps.db.transaction().execute(async (trx) => {
    const before = await lockedIntegration(trx, user, id);
    const policy = patch.escalation_policy_id ? await usablePolicy(trx, patch.escalation_policy_id) : null;
    let query = trx
      .updateTable('integrations')
      .set({
        ...(patch.title !== undefined && { title: patch.title }),
        ...(patch.description !== undefined && { description: patch.description }),
        ...(patch.escalation_policy_id !== undefined && { escalation_policy_id: patch.escalation_policy_id }),
      })
      .where('id', '=', id);
    if (!user.is_superuser) query = query.where('owner_id', '=', user.id);
    const integration = await query.returningAll().executeTakeFirst();
    if (!integration) throw notFound('Integration');
    await recordAudit(trx, actor, { action: 'integration.updated', targetType: 'integration', targetId: id, before, after: integration });
    return { integration, asked: policy ? await requestConfirmations(trx, deps, integration.owner_id, policyEmails(policy)) : 0 };
  });
  if (asked > 0) deps.notifications.kick();
  return integration;
}

/**
 * Replaces the integration's ingest key (owner or superuser, else 404). One UPDATE: from its
 * commit on, the old key is refused and the new one works.
 */
export async function rotateIngestKey(db: Db, actor: AuditActor, user: UserRow, id: string): Promise<string> {
  const { key, hash } = newIngestKey();
  await db.transaction().execute(async (trx) => {
    let query = trx.updateTable('integrations').set({ ingest_key_hash: hash }).where('id', '=', id);
    if (!user.is_superuser) query = query.where('owner_id', '=', user.id);
    const integration = await query.returningAll().executeTakeFirst();
    if (!integration) throw notFound('Integration');
    // That a key was issued, never the key or its hash.
    await recordAudit(trx, actor, { action: 'integration.key_rotated', targetType: 'integration', targetId: id, after: integration });
  });
  return key;
}

/** Its alerts stay, detached (alerts.integration_id is ON DELETE SET NULL): their owner's consoles hear of it. */
export async function deleteIntegration(
  deps: { db: Db; alertChanges: AlertChangeFeed },
  actor: AuditActor,
  user: UserRow,
  id: string,
): Promise<void> {
  const deleted = await deps.db.transaction().execute(async (trx) => {
    let query = trx.deleteFrom('integrations').where('id', '=', id);
    if (!user.is_superuser) query = query.where('owner_id', '=', user.id);
    const before = await query.returningAll().executeTakeFirst();
    if (!before) throw notFound('Integration');
    await recordAudit(trx, actor, { action: 'integration.deleted', targetType: 'integration', targetId: id, before });
    return before;
  });
  deps.alertChanges.announce([deleted.owner_id]);
}

/** The integration as it is before a change, locked to the caller's transaction (404 as getOwnedIntegration). */
async function lockedIntegration(trx: Db, user: UserRow, id: string): Promise<IntegrationRow> {
  let query = trx.selectFrom('integrations').selectAll().where('id', '=', id);
  if (!user.is_superuser) query = query.where('owner_id', '=', user.id);
  const integration = await query.forUpdate().executeTakeFirst();
  if (!integration) throw notFound('Integration');
  return integration;
}
