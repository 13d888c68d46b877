import { contactStatuses } from '../contacts/service.js';
import type { Db } from '../db/database.js';
import type { SkippedReason } from '../db/schema.js';
import { onCallAtInSchedules } from '../schedules/onCall.js';
import { type EscalationPolicy, levelOf } from './policy.js';

/** Whom an alert reaching a level reaches, resolved at one instant. */
export interface LevelReach {
  /** Active users: named by the level, or on call then in a schedule it names; sorted, once each. */
  userIds: string[];
  /** The level's external addresses that confirmed they take the owner's alerts. */
  emails: string[];
  /** The level's addresses that have not confirmed, or declined: never sent an alert. */
  skipped: { email: string; reason: SkippedReason }[];
  /** Nobody above was reachable: `userIds` are every active superuser instead. */
  fallback: boolean;
}

/**
 * Who an alert of `ownerId` reaching alert level `level` at `at` reaches (docs/oncall/escalation-policies.md):
 * the level's users, whoever is on call at `at` in its schedules, and
 * its confirmed addresses (confirmed for the alert's owner: contacts/). When that is nobody (no
 * policy, a level without targets, nobody on call, no address confirmed), every active
 * superuser, so an escalation always reaches someone.
 */
export async function reachOfLevel(
  db: Db,
  policy: EscalationPolicy | null,
  level: number,
  ownerId: string | null,
  at: Date,
): Promise<LevelReach> {
  const targets = policy ? levelOf(policy, level)?.targets : undefined;
  const named = new Set(targets?.user_ids ?? []);
  const onCall = await onCallAtInSchedules(db, targets?.schedule_ids ?? [], at.getTime());
  for (const ids of onCall.values()) for (const id of ids) named.add(id);
  const userIds = await activeUsers(db, [...named]);

  const addresses = targets?.emails ?? [];
  const statuses = await contactStatuses(db, ownerId, addresses);
  const emails = addresses.filter((email) => statuses.get(email) === 'confirmed');
  const skipped = addresses
    .filter((email) => statuses.get(email) !== 'confirmed')
    .map((email) => ({ email, reason: statuses.get(email) === 'declined' ? ('declined' as const) : ('unconfirmed' as const) }));
  if (userIds.length > 0 || emails.length > 0) return { userIds, emails, skipped, fallback: false };

  const superusers = await db.selectFrom('users').select('id').where('is_superuser', '=', true).where('is_active', '=', true).execute();
  return { userIds: superusers.map((u) => u.id).sort(), emails: [], skipped, fallback: true };
}

async function activeUsers(db: Db, ids: string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const rows = await db.selectFrom('users').select('id').where('id', 'in', ids).where('is_active', '=', true).execute();
  return rows.map((r) => r.id).sort();
}

/**
 * A level's reach as the escalation email and the public alert page name it, for whoever reads
 * them: people by name only, external addresses counted ("2 external addresses"), no address at all (docs/api/security.md:
 * addresses are their owners', a policy's are its owner's).
 */
export async function publicNamesOfReach(db: Db, reach: LevelReach): Promise<string[]> {
  const users =
    reach.userIds.length === 0
      ? []
      : await db
          .selectFrom('users')
          .select(['email', 'full_name'])
          .where('id', 'in', reach.userIds)
          .orderBy('full_name')
          .orderBy('id')
          .execute();
  const unnamed = reach.fallback ? 'An administrator' : 'A user without a name';
  const external = reach.emails.filter((email) => !users.some((u) => u.email === email)).length;
  return [
    ...users.map((u) => u.full_name || unnamed),
    ...(external > 0 ? [`${external} external address${external === 1 ? '' : 'es'}`] : []),
  ];
}
