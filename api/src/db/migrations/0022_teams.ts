import { type Kysely, sql } from 'kysely';
import { OWNER_COUNT_SLOTS } from './0011_striped_owner_counts.js';

/** What a team owns directly; a heartbeat monitor belongs to its integration's team, an alert to its own. */
const OWNED = ['integrations', 'escalation_policies', 'schedules', 'alerts'] as const;

/**
 * Teams (docs/api/teams.md; docs/decisions/0081).
 *
 * - `teams` and `team_members` (role admin, responder or observer). A user may be in several.
 * - `team_id` on integrations, escalation policies, schedules and alerts: what decides who sees
 *   and changes them. `owner_id` keeps meaning "who made it" and, now that a team outlives its
 *   members, is set to null when that user is deleted instead of taking the rows with them.
 * - Every user who owns anything gets a team of their own (`personal_of`), is its admin, and
 *   their rows move into it: a user alone sees exactly what they saw before. A user who makes
 *   something later without naming a team gets theirs then (teams/access.ts).
 * - `team_counts`: the exact per-team counts of alerts and integrations, striped as
 *   owner_counts (migration 0011), so a team's list is counted in O(1). owner_counts stays
 *   (the maker's caps); its insert trigger skips rows whose maker is gone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE teams (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      description text,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      -- The user whose own team it is, made for them when they first create something without
      -- naming a team: at most one each.
      personal_of uuid UNIQUE REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX teams_name_idx ON teams (lower(name), id)`.execute(db);
  await sql`
    CREATE TABLE team_members (
      team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      role text NOT NULL CHECK (role IN ('admin', 'responder', 'observer')),
      created_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (team_id, user_id)
    )`.execute(db);
  await sql`CREATE INDEX team_members_user_idx ON team_members (user_id, team_id)`.execute(db);
  // An invitation by email: only the SHA-256 of its link's token is kept.
  await sql`
    CREATE TABLE team_invites (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
      email text NOT NULL,
      role text NOT NULL CHECK (role IN ('admin', 'responder', 'observer')),
      token_hash text NOT NULL UNIQUE,
      invited_by uuid REFERENCES users (id) ON DELETE SET NULL,
      expires_at timestamptz NOT NULL,
      accepted_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE UNIQUE INDEX team_invites_pending_key ON team_invites (team_id, lower(email)) WHERE accepted_at IS NULL`.execute(db);

  // One team per user who owns anything, named after them.
  await sql`
    CREATE TEMPORARY TABLE personal_teams AS
      SELECT u.id AS user_id, gen_random_uuid() AS team_id, left(coalesce(nullif(u.full_name, ''), u.email), 200) || '''s team' AS name
      FROM users u
      WHERE EXISTS (SELECT 1 FROM integrations WHERE owner_id = u.id)
         OR EXISTS (SELECT 1 FROM escalation_policies WHERE owner_id = u.id)
         OR EXISTS (SELECT 1 FROM schedules WHERE owner_id = u.id)
         OR EXISTS (SELECT 1 FROM alerts WHERE owner_id = u.id)`.execute(db);
  await sql`INSERT INTO teams (id, name, created_by, personal_of) SELECT team_id, name, user_id, user_id FROM personal_teams`.execute(db);
  await sql`INSERT INTO team_members (team_id, user_id, role) SELECT team_id, user_id, 'admin' FROM personal_teams`.execute(db);

  for (const table of OWNED) {
    const t = sql.table(table);
    await sql`ALTER TABLE ${t} ADD COLUMN team_id uuid REFERENCES teams (id) ON DELETE CASCADE`.execute(db);
    await sql`UPDATE ${t} x SET team_id = p.team_id FROM personal_teams p WHERE p.user_id = x.owner_id`.execute(db);
    await sql`ALTER TABLE ${t} ALTER COLUMN team_id SET NOT NULL`.execute(db);
    await sql`ALTER TABLE ${t} ALTER COLUMN owner_id DROP NOT NULL`.execute(db);
    await sql.raw(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_owner_id_fkey`).execute(db);
    await sql
      .raw(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES users (id) ON DELETE SET NULL`)
      .execute(db);
  }
  await sql`DROP TABLE personal_teams`.execute(db);
  await sql`CREATE INDEX alerts_team_created_idx ON alerts (team_id, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX alerts_team_state_idx ON alerts (team_id, state, severity)`.execute(db);
  await sql`CREATE INDEX alerts_team_unclosed_idx ON alerts (team_id, severity) WHERE state <> 'closed'`.execute(db);
  await sql`CREATE INDEX integrations_team_created_idx ON integrations (team_id, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX escalation_policies_team_idx ON escalation_policies (team_id)`.execute(db);
  await sql`CREATE INDEX schedules_team_idx ON schedules (team_id)`.execute(db);

  await sql`
    CREATE TABLE team_counts (
      team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
      slot smallint NOT NULL DEFAULT 0,
      alerts bigint NOT NULL DEFAULT 0,
      integrations bigint NOT NULL DEFAULT 0,
      PRIMARY KEY (team_id, slot)
    )`.execute(db);
  await sql`
    INSERT INTO team_counts (team_id, alerts, integrations)
    SELECT t.id, (SELECT count(*) FROM alerts a WHERE a.team_id = t.id), (SELECT count(*) FROM integrations i WHERE i.team_id = t.id)
    FROM teams t`.execute(db);
  for (const table of ['alerts', 'integrations'] as const) {
    await sql
      .raw(`
      CREATE OR REPLACE FUNCTION ${table}_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO owner_counts AS c (owner_id, slot, ${table})
          SELECT owner_id, (pg_backend_pid() % ${OWNER_COUNT_SLOTS})::smallint, count(*) FROM inserted
          WHERE owner_id IS NOT NULL GROUP BY owner_id
          ON CONFLICT (owner_id, slot) DO UPDATE SET ${table} = c.${table} + EXCLUDED.${table};
        INSERT INTO team_counts AS c (team_id, slot, ${table})
          SELECT team_id, (pg_backend_pid() % ${OWNER_COUNT_SLOTS})::smallint, count(*) FROM inserted GROUP BY team_id
          ON CONFLICT (team_id, slot) DO UPDATE SET ${table} = c.${table} + EXCLUDED.${table};
        RETURN NULL;
      END $$`)
      .execute(db);
    await sql
      .raw(`
      CREATE OR REPLACE FUNCTION ${table}_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO owner_counts AS c (owner_id, slot, ${table})
          SELECT d.owner_id, (pg_backend_pid() % ${OWNER_COUNT_SLOTS})::smallint, -count(*) FROM deleted d
          WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = d.owner_id)
          GROUP BY d.owner_id
          ON CONFLICT (owner_id, slot) DO UPDATE SET ${table} = c.${table} + EXCLUDED.${table};
        INSERT INTO team_counts AS c (team_id, slot, ${table})
          SELECT d.team_id, (pg_backend_pid() % ${OWNER_COUNT_SLOTS})::smallint, -count(*) FROM deleted d
          WHERE EXISTS (SELECT 1 FROM teams t WHERE t.id = d.team_id)
          GROUP BY d.team_id
          ON CONFLICT (team_id, slot) DO UPDATE SET ${table} = c.${table} + EXCLUDED.${table};
        RETURN NULL;
      END $$`)
      .execute(db);
    if (table === 'alerts') continue;
    // An integration moved to another team moves its count with it (an alert stays in its team).
    await sql
      .raw(`
      CREATE OR REPLACE FUNCTION ${table}_count_moved() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO team_counts AS c (team_id, slot, ${table})
          SELECT team_id, (pg_backend_pid() % ${OWNER_COUNT_SLOTS})::smallint, sum(n) FROM (
            SELECT n.team_id, count(*) AS n FROM new_rows n JOIN old_rows o ON o.id = n.id WHERE o.team_id <> n.team_id GROUP BY n.team_id
            UNION ALL
            SELECT o.team_id, -count(*) FROM new_rows n JOIN old_rows o ON o.id = n.id
              WHERE o.team_id <> n.team_id AND EXISTS (SELECT 1 FROM teams t WHERE t.id = o.team_id) GROUP BY o.team_id
          ) moved GROUP BY team_id
          ON CONFLICT (team_id, slot) DO UPDATE SET ${table} = c.${table} + EXCLUDED.${table};
        RETURN NULL;
      END $$`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER ${table}_count_move AFTER UPDATE ON ${table} REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
        FOR EACH STATEMENT EXECUTE FUNCTION ${table}_count_moved()`)
      .execute(db);
  }
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER integrations_count_move ON integrations`.execute(db);
  await sql`DROP FUNCTION integrations_count_moved()`.execute(db);
  for (const table of ['alerts', 'integrations'] as const) {
    await sql
      .raw(`
      CREATE OR REPLACE FUNCTION ${table}_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO owner_counts AS c (owner_id, slot, ${table})
          SELECT owner_id, (pg_backend_pid() % ${OWNER_COUNT_SLOTS})::smallint, count(*) FROM inserted GROUP BY owner_id
          ON CONFLICT (owner_id, slot) DO UPDATE SET ${table} = c.${table} + EXCLUDED.${table};
        RETURN NULL;
      END $$`)
      .execute(db);
    await sql
      .raw(`
      CREATE OR REPLACE FUNCTION ${table}_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO owner_counts AS c (owner_id, slot, ${table})
          SELECT d.owner_id, (pg_backend_pid() % ${OWNER_COUNT_SLOTS})::smallint, -count(*) FROM deleted d
          WHERE EXISTS (SELECT 1 FROM users u WHERE u.id = d.owner_id)
          GROUP BY d.owner_id
          ON CONFLICT (owner_id, slot) DO UPDATE SET ${table} = c.${table} + EXCLUDED.${table};
        RETURN NULL;
      END $$`)
      .execute(db);
  }
  await sql`DROP TABLE team_counts`.execute(db);
  // Rows whose maker is gone have nobody to go back to: they go (as they would have before).
  for (const table of [...OWNED].reverse()) {
    await sql.raw(`DELETE FROM ${table} WHERE owner_id IS NULL`).execute(db);
    await sql.raw(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_owner_id_fkey`).execute(db);
    await sql
      .raw(`ALTER TABLE ${table} ADD CONSTRAINT ${table}_owner_id_fkey FOREIGN KEY (owner_id) REFERENCES users (id) ON DELETE CASCADE`)
      .execute(db);
    await sql.raw(`ALTER TABLE ${table} ALTER COLUMN owner_id SET NOT NULL`).execute(db);
    await sql.raw(`ALTER TABLE ${table} DROP COLUMN team_id`).execute(db);
  }
  await sql`DROP TABLE team_invites`.execute(db);
  await sql`DROP TABLE team_members`.execute(db);
  await sql`DROP TABLE teams`.execute(db);
}
