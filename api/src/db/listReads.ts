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
      (ids: string[]) => db.selectFrom('users').selectAll().where('id', 'in', ids).execute(),
      (id) => id,
      (user) => user.id,
    ),
    alertPage: coalescedLoader((key: PageKey) => listAlerts(db, key.user, key.offset, key.limit, key.filters), pageKey),
    integrationPage: coalescedLoader((key: PageKey) => listIntegrations(db, key.user, key.offset, key.limit), pageKey),
  };
}

export type ListReads = ReturnType<typeof createListReads>;
