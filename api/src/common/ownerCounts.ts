import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { UserRow } from '../db/schema.js';

/**
 * How many rows of a per-owner list `user` can see, from the trigger-kept owner_counts
 * table: the sum of the owner's counter rows (at most 16, migration 0011), or of every row
 * for a superuser. Never a count(*) over alerts or integrations, which would grow with the table.
 */
export async function visibleCount(db: Db, user: UserRow, column: 'alerts' | 'integrations'): Promise<number> {
  let query = db.selectFrom('owner_counts').select(sql<string>`coalesce(sum(${sql.ref(column)}), 0)`.as('total'));
  if (!user.is_superuser) query = query.where('owner_id', '=', user.id);
  // sum(bigint) is numeric, which the drivers hand over as a string.
  return Number((await query.executeTakeFirst())?.total ?? 0);
}

/**
 * The same number as a scalar subquery, so a list reads its page and its count in one round
 * trip (`.select(visibleCountSql(user, 'alerts').as('total_count'))`).
 */
export function visibleCountSql(user: UserRow, column: 'alerts' | 'integrations') {
  return user.is_superuser
    ? sql<string>`(SELECT coalesce(sum(${sql.ref(column)}), 0) FROM owner_counts)`
    : sql<string>`(SELECT coalesce(sum(${sql.ref(column)}), 0) FROM owner_counts WHERE owner_id = ${user.id})`;
}

/** The count of a page read with visibleCountSql; an empty page (past the end) asks separately. */
export async function countOfPage(
  db: Db,
  user: UserRow,
  column: 'alerts' | 'integrations',
  rows: { total_count: string | number | null }[],
): Promise<number> {
  return rows.length > 0 ? Number(rows[0]?.total_count ?? 0) : visibleCount(db, user, column);
}
