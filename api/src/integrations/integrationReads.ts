import type { FastifyReply } from 'fastify';
import { type CheckedPageKey, checkedPageKey } from '../common/checkedPage.js';
import type { HotPath } from '../common/hotPath.js';
import { coalescedLoader } from '../common/readCoalescing.js';
import { sendSharedAnswer } from '../common/sharedAnswer.js';
import type { Db } from '../db/database.js';
import { listIntegrations } from './service.js';

/** The integration list: concurrent requests for the same page share one statement (common/readCoalescing.ts). */
export function createIntegrationReads(db: Db, hotPath: HotPath) {
  return {
    /** A page of the list, checked against its user (undefined: the user changed). */
    page: coalescedLoader((key: CheckedPageKey) => listIntegrations(db, key.user, key.offset, key.limit, key.teamId), checkedPageKey, {
      batch: hotPath.batchReads,
    }),
    /** Sends a page read here, serialized once for every request of its round (common/sharedAnswer.ts). */
    send: (reply: FastifyReply, page: object) => sendSharedAnswer(reply, page, hotPath.shareAnswers),
  };
}

export type IntegrationReads = ReturnType<typeof createIntegrationReads>;
