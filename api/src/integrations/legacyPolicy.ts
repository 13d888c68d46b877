import { sql } from 'kysely';
import { type ContactDeps, requestConfirmations } from '../contacts/service.js';
import type { IntegrationRow, UserRow } from '../db/schema.js';
import { notFound } from '../errors.js';
import { type LegacyPolicy, levelsOfLegacy } from '../escalation/legacyView.js';
import { policyEmails } from '../escalation/policy.js';
import { POLICY_NAME_MAX } from '../escalationPolicies/schema.js';
import { checkPolicyAllowance } from '../escalationPolicies/service.js';

const SUFFIX = ' escalation';

/** "<integration title> escalation", as migration 0017 names the policies it makes. */
export const ownPolicyName = (title: string) => `${title.slice(0, POLICY_NAME_MAX - SUFFIX.length)}${SUFFIX}`;

/**
 * PUT /integration/{id}/escalation-policy, the shape before policies were objects (owner or
 * superuser, else 404): writes the integration's own policy. A policy only this integration
 * uses, owned by its owner, is replaced in place (its name and description stay); otherwise (no
 * policy, or one shared or someone else's) a new one, "<title> escalation", owned by the
 * integration's owner, takes its place: saving here never changes another integration's
 * escalation (a new one counts against the owner's POLICIES_PER_USER_MAX: 422). Alerts already
 * waiting for the timer keep their time. Addresses the owner never asked are sent the
 * confirmation email (contacts/service.ts), in the same transaction.
 */
export async function setLegacyEscalationPolicy(
  deps: ContactDeps,
  user: UserRow,
  id: string,
  legacy: LegacyPolicy,
): Promise<IntegrationRow> {
  const policy = levelsOfLegacy(legacy);
  // The old shape's first wait is its one delay: no separate wait before level 1.
  const values = {
    levels: JSON.stringify(policy.levels),
    repeat: policy.repeat,
    max_level: policy.max_level,
    first_level_after_minutes: null,
  };
  const { integration, asked } = await deps.db.transaction().execute(async (trx) => {
    let query = trx.selectFrom('integrations').selectAll().where('id', '=', id).forUpdate();
    if (!user.is_superuser) query = query.where('owner_id', '=', user.id);
    const found = await query.executeTakeFirst();
    if (!found) throw notFound('Integration');
    const own = found.escalation_policy_id
      ? await trx
          .selectFrom('escalation_policies as p')
          .select('p.id')
          .where('p.id', '=', found.escalation_policy_id)
          .where('p.owner_id', '=', found.owner_id)
          .where((eb) =>
            eb(
              eb
                .selectFrom('integrations as i')
                .select((e) => e.fn.countAll<string>().as('n'))
                .whereRef('i.escalation_policy_id', '=', 'p.id'),
              '=',
              '1',
            ),
          )
          .forUpdate()
          .executeTakeFirst()
      : undefined;
    let integration = found;
    if (own) {
      await trx
        .updateTable('escalation_policies')
        .set({ ...values, updated_at: sql<Date>`clock_timestamp()` })
        .where('id', '=', own.id)
        .execute();
    } else {
      // A new policy counts against its owner's cap, however it is made.
      await checkPolicyAllowance(trx, found.owner_id);
      const created = await trx
        .insertInto('escalation_policies')
        .values({ ...values, owner_id: found.owner_id, name: ownPolicyName(found.title) })
        .returning('id')
        .executeTakeFirstOrThrow();
      integration = await trx
        .updateTable('integrations')
        .set({ escalation_policy_id: created.id })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
    }
    return { integration, asked: await requestConfirmations(trx, deps, found.owner_id, policyEmails(policy)) };
  });
  if (asked > 0) deps.notifications.kick();
  return integration;
}
