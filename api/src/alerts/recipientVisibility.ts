import type { Db } from '../db/database.js';
import type { UserRow } from '../db/schema.js';
import { policyEmails } from '../escalation/policy.js';
import { inTeamsOf } from '../teams/access.js';

export const EXTERNAL_ADDRESS = 'An external address';
export const UNNAMED_USER = 'A user without a name';

/**
 * How an alert's owner reads the addresses its history and notifications name (docs/api/security.md):
 * a user's email only to superusers, a policy's external addresses only to its team's admins.
 * So for anyone else an address stays when it is their own or one of the policies of a team
 * they administer; a user's account address becomes that user's name; any other address reads
 * "An external address". Returns a function from an address (any case) to what is shown.
 */
export async function addressesAsSeenBy(
  db: Db,
  viewer: Pick<UserRow, 'id' | 'email' | 'is_superuser'>,
  addresses: (string | null)[],
): Promise<(address: string) => string> {
  if (viewer.is_superuser) return (address) => address;
  const asked = [...new Set(addresses.flatMap((a) => (a ? [a.toLowerCase()] : [])))];
  const shown = new Map<string, string>();
  if (asked.length > 0) {
    const [policies, users] = await Promise.all([
      // The policies whose addresses the viewer reads: those of the teams they administer.
      db
        .selectFrom('escalation_policies')
        .select('levels')
        .where(inTeamsOf(viewer, 'team_id', 'manage'))
        .execute(),
      db
        .selectFrom('users')
        .select(['email', 'full_name'])
        .where((eb) => eb(eb.fn('lower', ['email']), 'in', asked))
        .execute(),
    ]);
    for (const user of users) shown.set(user.email.toLowerCase(), user.full_name || UNNAMED_USER);
    for (const address of [viewer.email.toLowerCase(), ...policies.flatMap((policy) => policyEmails(policy))]) shown.set(address, address);
  }
  return (address) => shown.get(address.toLowerCase()) ?? EXTERNAL_ADDRESS;
}
