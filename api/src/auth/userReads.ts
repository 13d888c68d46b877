import { sql } from 'kysely';
import type { HotPath } from '../common/hotPath.js';
import { batchLoader } from '../common/readCoalescing.js';
import type { Db } from '../db/database.js';
import type { UserRow } from '../db/schema.js';

/** Users remembered as last read; the oldest is forgotten first. */
const SEEN_USERS = 10_000;

/**
 * The read behind every signed-in request, batched per round of requests
 * (common/readCoalescing.ts). One set per app: its batches are its own process's.
 */
export function createUserReads(db: Db, hotPath: HotPath) {
  // Each user row as this process last read it: the guess a list starts from, never an answer
  // by itself (the list's statement checks it against the stored row; auth/currentUser.ts).
  const seen = new Map<string, UserRow>();
  const remember = (user: UserRow) => {
    if (!hotPath.rememberUsers) return;
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
      // The query builder (a whole-SQL template here measured within noise, docs/decisions/0017);
      // `= ANY` keeps one statement text whatever the batch's size, so it is prepared once.
      async (ids: string[]) => {
        const rows = await db.selectFrom('users').selectAll().where(sql<boolean>`id = ANY(${ids}::uuid[])`).execute();
        for (const user of rows) remember(user);
        const found = new Set(rows.map((user) => user.id));
        for (const id of ids) if (!found.has(id)) seen.delete(id);
        return rows;
      },
      (id) => id,
      (user) => user.id,
      { batch: hotPath.batchReads },
    ),
    /** The user as this process last read it, if it did. */
    seenUser: (id: string): UserRow | undefined => seen.get(id),
  };
}

export type UserReads = ReturnType<typeof createUserReads>;
