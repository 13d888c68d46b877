import { sql } from 'kysely';
import type { AlertFilters } from '../alerts/schema.js';
import { listAlerts } from '../alerts/service.js';
import { listIntegrations } from '../integrations/service.js';
import type { Db } from './database.js';
import { batchLoader, coalescedLoader } from './readCoalescing.js';
import type { UserRow } from './schema.js';

interface PageKey {
  user: UserRow;
  offset: number;
  limit: number;
  filters?: AlertFilters;
}

/** Who sees what: every superuser sees the same list, anyone else their own. */
const pageKey = ({ user, offset, limit, filters }: PageKey) =>
  `${user.is_superuser ? '*' : user.id}:${offset}:${limit}:${filters ? JSON.stringify(filters) : ''}`;

/**
 * The reads behind every signed-in request and the two big lists, batched per round of
 * requests (readCoalescing.ts). One set per app: its batches are its own process's.
 */
export function createListReads(db: Db) {
  return {
    /** The user a token names: every authenticated request asks, to honour token_version at once. */
    userById: batchLoader(
      // A template, not the builder: every signed-in request waits on this read (as listAlerts).
      async (ids: string[]) => (await sql<UserRow>`SELECT * FROM users WHERE id = ANY(${ids}::uuid[])`.execute(db)).rows,
      (id) => id,
      (user) => user.id,
    ),
    alertPage: coalescedLoader((key: PageKey) => listAlerts(db, key.user, key.offset, key.limit, key.filters), pageKey),
    integrationPage: coalescedLoader((key: PageKey) => listIntegrations(db, key.user, key.offset, key.limit), pageKey),
  };
}

export type ListReads = ReturnType<typeof createListReads>;
