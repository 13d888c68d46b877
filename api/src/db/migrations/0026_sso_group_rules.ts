import { type Kysely, sql } from 'kysely';

/**
 * Single sign-on's group rules (docs/api/single-sign-on.md, "Groups to teams"): a provider group
 * gives a team membership with a role. `team_members.via_sso` marks the memberships the rules
 * made, so a later sign-in without the group takes away only those, never one an admin gave.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sso_group_rules (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      group_name text NOT NULL,
      team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
      role text NOT NULL CHECK (role IN ('admin', 'responder', 'observer')),
      created_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (group_name, team_id)
    )`.execute(db);
  await sql`ALTER TABLE team_members ADD COLUMN via_sso boolean NOT NULL DEFAULT false`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE team_members DROP COLUMN via_sso`.execute(db);
  await sql`DROP TABLE sso_group_rules`.execute(db);
}
