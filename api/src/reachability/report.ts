import type { Static } from 'typebox';
import type { Db } from '../db/database.js';
import { PROVIDER_KINDS, type ProviderKind } from '../db/schema.js';
import type { ProviderStore } from '../providers/store.js';
import { REACHABILITY_USERS_MAX, type Reachability } from './schema.js';
import { methodsOfUsers, unwakeableReason } from './wakeable.js';

export interface ReachabilityDeps {
  db: Db;
  now: () => Date;
  providers: Pick<ProviderStore, 'read'>;
}

/** The providers configured now (with readable secrets): what SMS and voice methods can be sent with. */
async function configuredProviders(providers: ReachabilityDeps['providers']): Promise<Set<ProviderKind>> {
  const read = await Promise.all(PROVIDER_KINDS.map(async (kind) => [kind, await providers.read(kind)] as const));
  return new Set(read.filter(([, settings]) => settings !== null).map(([kind]) => kind));
}

/** Whether each of `userIds` can be woken and why not: those who cannot first, then by email. */
export async function reachabilityOf(deps: ReachabilityDeps, userIds: readonly string[]): Promise<Static<typeof Reachability>> {
  if (userIds.length === 0) return { users: [], count: 0 };
  const [people, configured, users] = await Promise.all([
    methodsOfUsers(deps.db, userIds),
    configuredProviders(deps.providers),
    deps.db.selectFrom('users').select(['id', 'full_name', 'email']).where('id', 'in', userIds).orderBy('email').execute(),
  ]);
  const answered = users.map((user) => {
    const person = people.get(user.id);
    const reason = person ? unwakeableReason(person, configured) : 'inactive';
    return { id: user.id, name: user.full_name, email: user.email, wakeable: reason === null, reason };
  });
  // Stable: within each group, still by email.
  answered.sort((a, b) => Number(a.wakeable) - Number(b.wakeable));
  return { users: answered.slice(0, REACHABILITY_USERS_MAX), count: answered.length };
}
