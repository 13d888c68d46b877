import { recordAudit } from '../../audit/record.js';
import type { Db } from '../../db/database.js';
import { hashIngestKey, newIngestKey } from '../../ingest/keys.js';
import { IntegrationCreate } from '../../integrations/schema.js';
import { ImportFailure, type SourceIntegration, VENDOR_NAMES } from '../model.js';
import { imported, type Run, teamId, type Writer } from '../run.js';
import { checkBody } from './bodies.js';

// An integration with a new ingest key (printed once, when it is created) and the escalation
// policy its vendor routed it to. The key its senders use at the vendor (an Opsgenie API key,
// an OnCall URL token) is kept as a hash in integration_legacy_keys: it opens this integration
// too, so a sender moves by changing its hostname only.

export interface IntegrationDesired {
  title: string;
  description: string | null;
  team_id: string;
  escalation_policy_id: string | null;
  /** SHA-256 of the vendor's key: the key itself is never stored nor printed. */
  legacy_key_hash: string | null;
}

/** Keeps the vendor's key for the integration; what the line says of it. */
async function keepLegacyKey(trx: Db, run: Run, integrationId: string, hash: string | null): Promise<string[]> {
  if (!hash) return [];
  const held = await trx.selectFrom('integration_legacy_keys').select('integration_id').where('key_hash', '=', hash).executeTakeFirst();
  if (held && held.integration_id !== integrationId) {
    return [`its ${VENDOR_NAMES[run.vendor]} key already opens another Vigil integration (${held.integration_id}): not kept for this one`];
  }
  if (!held)
    await trx.insertInto('integration_legacy_keys').values({ key_hash: hash, integration_id: integrationId, vendor: run.vendor }).execute();
  return [];
}

export function integrationWriter(i: SourceIntegration): Writer<IntegrationDesired> {
  const detail = (d: IntegrationDesired, run: Run) =>
    [
      d.escalation_policy_id ? `policy "${run.names.get(`escalation:${i.escalationRef}`)}"` : 'no policy',
      ...(d.legacy_key_hash ? [`its ${VENDOR_NAMES[run.vendor]} key opens it too`] : []),
    ].join(', ');
  return {
    kind: 'integration',
    table: 'integrations',
    desired(run) {
      const team_id = teamId(run, i.teamRef);
      let escalation_policy_id: string | null = null;
      if (i.escalationRef) {
        const policy = imported(run, run.escalations, 'escalation', i.escalationRef);
        if (policy.teamId !== team_id) throw new ImportFailure(`escalation "${policy.name}" belongs to another team`);
        escalation_policy_id = policy.id;
      }
      checkBody(IntegrationCreate, { title: i.name, description: i.description, team_id, escalation_policy_id });
      return {
        title: i.name,
        description: i.description,
        team_id,
        escalation_policy_id,
        legacy_key_hash: i.legacyKey ? hashIngestKey(i.legacyKey) : null,
      };
    },
    async create(trx, run, d) {
      const { key, hash } = newIngestKey();
      const row = await trx
        .insertInto('integrations')
        .values({
          title: d.title,
          description: d.description,
          owner_id: run.owner.id,
          team_id: d.team_id,
          ingest_key_hash: hash,
          escalation_policy_id: d.escalation_policy_id,
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, run.actor, {
        action: 'integration.created',
        targetType: 'integration',
        targetId: row.id,
        teamId: row.team_id,
        after: row,
      });
      const notes = await keepLegacyKey(trx, run, row.id, d.legacy_key_hash);
      return { id: row.id, detail: detail(d, run), notes, secrets: [`ingest key: ${key} (shown once) → ${run.ingestUrl(key)}`] };
    },
    async update(trx, run, id, d) {
      const before = await trx.selectFrom('integrations').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
      if (before.team_id !== d.team_id) {
        throw new ImportFailure(
          'its team changed at the vendor; Vigil moves no integration between teams: delete it in Vigil to import it anew',
        );
      }
      const after = await trx
        .updateTable('integrations')
        .set({ title: d.title, description: d.description, escalation_policy_id: d.escalation_policy_id })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, run.actor, {
        action: 'integration.updated',
        targetType: 'integration',
        targetId: id,
        teamId: d.team_id,
        before,
        after,
      });
      const notes = await keepLegacyKey(trx, run, id, d.legacy_key_hash);
      return { id, detail: detail(d, run), notes };
    },
  };
}
