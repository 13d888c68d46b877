import type { FastifyReply } from 'fastify';
import { type CheckedPageKey, checkedPageKey } from '../common/checkedPage.js';
import type { HotPath } from '../common/hotPath.js';
import { coalescedLoader } from '../common/readCoalescing.js';
import { sendSharedAnswer } from '../common/sharedAnswer.js';
import type { Db } from '../db/database.js';
import type { AlertFilters } from './schema.js';
import { listAlerts, listFilteredAlerts } from './service.js';

interface FilteredPageKey extends CheckedPageKey {
  filters: AlertFilters;
}

/** Who sees what: every superuser sees the same list, anyone else their teams' (read in the statement). */
const filteredPageKey = ({ user, offset, limit, filters }: FilteredPageKey) =>
  `${user.is_superuser && !user.onlyTeam ? '*' : `${user.id}:${user.onlyTeam ?? ''}`}:${offset}:${limit}:${JSON.stringify(filters)}`;

/** The alert list, the busiest read: concurrent requests for the same page share one statement (common/readCoalescing.ts). */
export function createAlertReads(db: Db, hotPath: HotPath) {
  const batch = { batch: hotPath.batchReads };
  return {
    /** The unfiltered alert list, checked against its user (undefined: the user changed). */
    page: coalescedLoader((key: CheckedPageKey) => listAlerts(db, key.user, key.offset, key.limit, key.teamId), checkedPageKey, batch),
    /** A filtered alert list, for a user read in this request. */
    filteredPage: coalescedLoader(
      (key: FilteredPageKey) => listFilteredAlerts(db, key.user, key.offset, key.limit, key.filters),
      filteredPageKey,
      batch,
    ),
    /** Sends a page read here, serialized once for every request of its round (common/sharedAnswer.ts). */
    send: (reply: FastifyReply, page: object) => sendSharedAnswer(reply, page, hotPath.shareAnswers),
  };
}

export type AlertReads = ReturnType<typeof createAlertReads>;
