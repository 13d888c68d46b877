import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { UserRow } from '../db/schema.js';

/**
 * The per-owner lists. Each is counted in its owner_counts column, kept exact by
 * statement-level triggers (at most 16 striped rows per owner, migration 0011): O(1).
 */
export type OwnedList = 'alerts' | 'integrations';

type PageRow<Row> = { [K in keyof Row]: Row[K] | null } & { total_count: string | number };

/**
 * A page of `user`'s list (a superuser's: everyone's), newest first, with its count, in one
 * statement that also checks `user` against its stored row: still there, active, at the same
 * token_version and with the same role. Undefined when it is not: the caller reads the user
 * again (auth/currentUser.ts). So a list may start from a user row this process read earlier,
 * and answers exactly as if it had read the user first, in the same snapshot as the page,
 * for one round trip instead of two (docs/decisions/0015).
 *
 * The user row carries the count, and the page is joined to it: with no row on the page, the
 * one row left carries the count and nulls. id breaks ties between rows created in the same
 * microsecond, so pages never overlap. One SQL template per role, not the query builder: this
 * is the console's most frequent read (the builder's compile cost a third of it).
 */
export async function readCheckedPage<Row extends { id: string }>(
  db: Db,
  list: OwnedList,
  user: UserRow,
  offset: number,
  limit: number,
): Promise<{ rows: Row[]; count: number } | undefined> {
  const table = sql.table(list);
  const counted = sql.ref(list);
  const checked = sql`u.id = ${user.id} AND u.is_active AND u.token_version = ${user.token_version}`;
  const { rows } = await (user.is_superuser
    ? sql<PageRow<Row>>`
        SELECT p.*, c.total_count FROM users u
        CROSS JOIN (SELECT coalesce(sum(${counted}), 0) AS total_count FROM owner_counts) c
        LEFT JOIN LATERAL (SELECT * FROM ${table} ORDER BY created_at DESC, id DESC OFFSET ${offset} LIMIT ${limit}) p ON true
        WHERE ${checked} AND u.is_superuser
        ORDER BY p.created_at DESC, p.id DESC`
    : sql<PageRow<Row>>`
        SELECT p.*, c.total_count FROM users u
        CROSS JOIN (SELECT coalesce(sum(${counted}), 0) AS total_count FROM owner_counts WHERE owner_id = ${user.id}) c
        LEFT JOIN LATERAL (SELECT * FROM ${table} WHERE owner_id = ${user.id}
          ORDER BY created_at DESC, id DESC OFFSET ${offset} LIMIT ${limit}) p ON true
        WHERE ${checked} AND NOT u.is_superuser
        ORDER BY p.created_at DESC, p.id DESC`
  ).execute(db);
  const first = rows[0];
  if (!first) return undefined;
  return { rows: rows.filter((row) => row.id !== null) as Row[], count: Number(first.total_count) };
}

/** Which page of a per-owner list, for whom. */
export interface CheckedPageKey {
  user: UserRow;
  offset: number;
  limit: number;
}

/** A checked page is read for one user as it stands: same user, version and role, same read (readCoalescing.ts). */
export const checkedPageKey = ({ user, offset, limit }: CheckedPageKey) =>
  `${user.id}:${user.token_version}:${user.is_superuser}:${offset}:${limit}`;
