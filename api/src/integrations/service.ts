import type { AlertChangeFeed } from '../alerts/alertChanges.js';
import { readCheckedPage } from '../common/checkedPage.js';
import { type ContactDeps, policyAddresses, requestConfirmations } from '../contacts/service.js';
import type { Db } from '../db/database.js';
import type { IntegrationRow, UserRow } from '../db/schema.js';
import { notFound } from '../errors.js';
import { normalizeContacts } from '../escalation/policy.js';
import { newIngestKey } from '../ingest/keys.js';
import type { EscalationPolicyPublic, IntegrationCreate, IntegrationPublic } from './schema.js';

export function toIntegrationPublic(integration: IntegrationRow): IntegrationPublic {
  return {
    id: integration.id,
    title: integration.title,
    description: integration.description,
    owner_id: integration.owner_id,
    created_at: integration.created_at.toISOString(),
    has_ingest_key: integration.ingest_key_hash !== null,
    escalation_policy: {
      contacts: integration.escalation_contacts,
      escalate_after_minutes: integration.escalate_after_minutes,
      max_level: integration.escalation_max_level,
    },
  };
}

/**
 * A page of `user`'s integrations (a superuser's: everyone's), newest first, with the O(1)
 * count, checked in the same statement against the stored user (common/checkedPage.ts):
 * undefined when that user changed, and the caller reads it again.
 */
export async function listIntegrations(db: Db, user: UserRow, offset: number, limit: number) {
  const page = await readCheckedPage<IntegrationRow>(db, 'integrations', user, offset, limit);
  return page && { data: page.rows.map(toIntegrationPublic), count: page.count };
}

/** The integration if `user` owns it or is a superuser; a stranger's is "not found", like an unknown id. */
export async function getOwnedIntegration(db: Db, user: UserRow, id: string): Promise<IntegrationRow> {
  let query = db.selectFrom('integrations').selectAll().where('id', '=', id);
  if (!user.is_superuser) query = query.where('owner_id', '=', user.id);
  const integration = await query.executeTakeFirst();
  if (!integration) throw notFound('Integration');
  return integration;
}

/** A new integration with a fresh ingest key: the key is returned for this one answer, only its hash is kept. */
export async function createIntegration(
  db: Db,
  owner: UserRow,
  input: IntegrationCreate,
): Promise<{ integration: IntegrationRow; ingestKey: string }> {
  const { key, hash } = newIngestKey();
  const integration = await db
    .insertInto('integrations')
    .values({ title: input.title, description: input.description ?? null, owner_id: owner.id, ingest_key_hash: hash })
    .returningAll()
    .executeTakeFirstOrThrow();
  return { integration, ingestKey: key };
}

/**
 * Replaces the integration's ingest key (owner or superuser, else 404). One UPDATE: from its
 * commit on, the old key is refused and the new one works.
 */
export async function rotateIngestKey(db: Db, user: UserRow, id: string): Promise<string> {
  const { key, hash } = newIngestKey();
  let query = db.updateTable('integrations').set({ ingest_key_hash: hash }).where('id', '=', id);
  if (!user.is_superuser) query = query.where('owner_id', '=', user.id);
  const result = await query.executeTakeFirst();
  if (result.numUpdatedRows === 0n) throw notFound('Integration');
  return key;
}

/**
 * Replaces the escalation policy (owner or superuser, else 404). Alerts already waiting for the
 * timer keep their time; the new delay applies from their next escalation (and to new alerts).
 * In the same transaction, contacts never asked to confirm their address are sent the
 * confirmation email (contacts/service.ts): new addresses, not ones asked before.
 */
export async function setEscalationPolicy(
  deps: ContactDeps,
  user: UserRow,
  id: string,
  policy: EscalationPolicyPublic,
): Promise<IntegrationRow> {
  const contacts = normalizeContacts(policy.contacts);
  const { integration, asked } = await deps.db.transaction().execute(async (trx) => {
    let query = trx
      .updateTable('integrations')
      .set({
        escalation_contacts: JSON.stringify(contacts),
        escalate_after_minutes: policy.escalate_after_minutes,
        escalation_max_level: policy.max_level,
      })
      .where('id', '=', id);
    if (!user.is_superuser) query = query.where('owner_id', '=', user.id);
    const integration = await query.returningAll().executeTakeFirst();
    if (!integration) throw notFound('Integration');
    return { integration, asked: await requestConfirmations(trx, deps, integration.owner_id, policyAddresses(contacts)) };
  });
  if (asked > 0) deps.notifications.kick();
  return integration;
}

/** Its alerts stay, detached (alerts.integration_id is ON DELETE SET NULL): their owner's consoles hear of it. */
export async function deleteIntegration(deps: { db: Db; alertChanges: AlertChangeFeed }, user: UserRow, id: string): Promise<void> {
  let query = deps.db.deleteFrom('integrations').where('id', '=', id);
  if (!user.is_superuser) query = query.where('owner_id', '=', user.id);
  const deleted = await query.returning('owner_id').executeTakeFirst();
  if (!deleted) throw notFound('Integration');
  deps.alertChanges.announce([deleted.owner_id]);
}
