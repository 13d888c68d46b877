import { sql } from 'kysely';
import type { AlertFilters } from '../alerts/schema.js';
import { listAlerts, listFilteredAlerts } from '../alerts/service.js';
import { listIntegrations } from '../integrations/service.js';
import type { Db } from './database.js';
import { batchLoader, coalescedLoader } from './readCoalescing.js';
import type { UserRow } from './schema.js';

interface PageKey {
  user: UserRow;
  offset: number;
  limit: number;
}

interface FilteredPageKey extends PageKey {
  filters: AlertFilters;
}

/** A checked page is read for one user as it stands (common/checkedPage.ts): same user, version and role, same read. */
const pageKey = ({ user, offset, limit }: PageKey) => `${user.id}:${user.token_version}:${user.is_superuser}:${offset}:${limit}`;
/** Who sees what: every superuser sees the same list, anyone else their own. */
const filteredPageKey = ({ user, offset, limit, filters }: FilteredPageKey) =>
  `${user.is_superuser ? '*' : user.id}:${offset}:${limit}:${JSON.stringify(filters)}`;

/** Users remembered as last read; the oldest is forgotten first. */
const SEEN_USERS = 10_000;

/**
 * The reads behind every signed-in request and the two big lists, batched per round of
 * requests (readCoalescing.ts). One set per app: its batches are its own process's.
 */
export function createListReads(db: Db) {
  // Each user row as this process last read it: the guess a list starts from, never an answer
  // by itself (the list's statement checks it against the stored row; auth/currentUser.ts).
  const seen = new Map<string, UserRow>();
  const remember = (user: UserRow) => {
    seen.delete(user.id);
    if (seen.size >= SEEN_USERS) {
      const oldest = seen.keys().next().value;
      if (oldest !== undefined) seen.delete(oldest);
    }
    seen.set(user.id, user);
  };
  return {
    /** The user a token names: every authenticated request asks, to honour token_version at once. */
    userById: batchLoader(
      // A template, not the builder: every signed-in request waits on this read (as the lists).
      async (ids: string[]) => {
        const { rows } = await sql<UserRow>`SELECT * FROM users WHERE id = ANY(${ids}::uuid[])`.execute(db);
        for (const user of rows) remember(user);
        const found = new Set(rows.map((user) => user.id));
        for (const id of ids) if (!found.has(id)) seen.delete(id);
        return rows;
      },
      (id) => id,
      (user) => user.id,
    ),
    /** The user as this process last read it, if it did. */
    seenUser: (id: string): UserRow | undefined => seen.get(id),
    /** The unfiltered alert list, checked against its user (undefined: the user changed). */
    alertPage: coalescedLoader((key: PageKey) => listAlerts(db, key.user, key.offset, key.limit), pageKey),
    integrationPage: coalescedLoader((key: PageKey) => listIntegrations(db, key.user, key.offset, key.limit), pageKey),
    /** A filtered alert list, for a user read in this request. */
    filteredAlertPage: coalescedLoader(
      (key: FilteredPageKey) => listFilteredAlerts(db, key.user, key.offset, key.limit, key.filters),
      filteredPageKey,
    ),
  };
}

export type ListReads = ReturnType<typeof createListReads>;
