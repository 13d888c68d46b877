import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { UserRow } from '../db/schema.js';

/**
 * The per-team lists. Each is counted in its team_counts column, kept exact by statement-level
 * triggers (at most 16 striped rows per team, migrations 0011 and 0022): O(teams of the user).
 */
export type OwnedList = 'alerts' | 'integrations';

type PageRow<Row> = { [K in keyof Row]: Row[K] | null } & { total_count: string | number };

/**
 * A page of the list of `user`'s teams (a superuser's: everyone's; `teamId`: that one team's,
 * when it is one of theirs), newest first, with its count, in one
 * statement that also checks `user` against its stored row: still there, active, at the same
 * token_version and with the same role. Undefined when it is not: the caller reads the user
 * again (auth/currentUser.ts). So a list may start from a user row this process read earlier,
 * and answers exactly as if it had read the user first, in the same snapshot as the page,
 * for one round trip instead of two (docs/decisions/0015).
 *
 * The user row carries the count, and the page is joined to it: with no row on the page, the
 * one row left carries the count and nulls. id breaks ties between rows created in the same
 * microsecond, so pages never overlap. An SQL template, not the query builder: this is the
 * console's most frequent read (the builder's compile cost a third of it). The teams are read
 * in the statement itself, so a membership change shows in the next page.
 */
export async function readCheckedPage<Row extends { id: string }>(
  db: Db,
  list: OwnedList,
  user: UserRow,
  offset: number,
  limit: number,
  teamId?: string,
): Promise<{ rows: Row[]; count: number } | undefined> {
  const table = sql.table(list);
  const counted = sql.ref(list);
  const checked = sql`u.id = ${user.id} AND u.is_active AND u.token_version = ${user.token_version}`;
  // A team token's request reads its team only: another team asked for reads nothing.
  if (user.onlyTeam && teamId && teamId !== user.onlyTeam) return { rows: [], count: 0 };
  const team = user.onlyTeam ?? teamId;
  // The teams read: one asked for, else all the user's (a superuser's: every row).
  const teams = user.is_superuser
    ? team
      ? sql`team_id = ${team}`
      : sql`TRUE`
    : team
      ? sql`team_id = ${team} AND team_id IN (SELECT team_id FROM team_members WHERE user_id = ${user.id})`
      : sql`team_id IN (SELECT team_id FROM team_members WHERE user_id = ${user.id})`;
  const { rows } = await sql<PageRow<Row>>`
    SELECT p.*, c.total_count FROM users u
    CROSS JOIN (SELECT coalesce(sum(${counted}), 0) AS total_count FROM team_counts WHERE ${teams}) c
    LEFT JOIN LATERAL (SELECT * FROM ${table} WHERE ${teams} ORDER BY created_at DESC, id DESC OFFSET ${offset} LIMIT ${limit}) p ON true
    WHERE ${checked} AND u.is_superuser = ${user.is_superuser}
    ORDER BY p.created_at DESC, p.id DESC`.execute(db);
  const first = rows[0];
  if (!first) return undefined;
  return { rows: rows.filter((row) => row.id !== null) as Row[], count: Number(first.total_count) };
}

/** Which page of a per-team list, for whom. */
export interface CheckedPageKey {
  user: UserRow;
  offset: number;
  limit: number;
  teamId?: string;
}

/** A checked page is read for one user as it stands: same user, version and role, same read (readCoalescing.ts). */
export const checkedPageKey = ({ user, offset, limit, teamId }: CheckedPageKey) =>
  `${user.id}:${user.token_version}:${user.is_superuser}:${user.onlyTeam ?? ''}:${offset}:${limit}:${teamId ?? ''}`;
