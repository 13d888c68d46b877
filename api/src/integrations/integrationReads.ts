import { type CheckedPageKey, checkedPageKey } from '../common/checkedPage.js';
import { coalescedLoader } from '../common/readCoalescing.js';
import type { Db } from '../db/database.js';
import { listIntegrations } from './service.js';

/** The integration list: concurrent requests for the same page share one statement (common/readCoalescing.ts). */
export function createIntegrationReads(db: Db) {
  return {
    /** A page of the list, checked against its user (undefined: the user changed). */
    page: coalescedLoader((key: CheckedPageKey) => listIntegrations(db, key.user, key.offset, key.limit), checkedPageKey),
  };
}

export type IntegrationReads = ReturnType<typeof createIntegrationReads>;
