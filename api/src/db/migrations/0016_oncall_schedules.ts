import { type Kysely, sql } from 'kysely';

/**
 * On-call schedules (docs/oncall/schedules-api.md): a schedule, its rotations and its
 * overrides, read by the arithmetic of api/src/oncall/ (which touches no database).
 *
 * - A schedule belongs to its owner as an integration does: deleting the owner deletes it.
 * - A rotation's users are rows of `schedule_rotation_members`, in `position` order (a user
 *   may appear twice), so the database itself refuses a member who is not a user. Members and
 *   overrides reference users without a cascade: deleting a user who is still on a rotation
 *   or an override that has not ended is refused by the API (409), and the foreign keys
 *   refuse it even if a member was added meanwhile. The API deletes an owner's schedules
 *   before the owner (a cascade from users would meet the members' check first).
 * - Overrides apply in the order they were made: `created_at`, kept distinct (to the
 *   millisecond, what the arithmetic reads) within a schedule by the API.
 * - `active_hours`: the rotation's rules as the API took them ([{days, start, end}]).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE schedules (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      name text NOT NULL,
      description text,
      time_zone text NOT NULL,
      owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT clock_timestamp()
    )`.execute(db);
  await sql`CREATE INDEX schedules_name_idx ON schedules (name, id)`.execute(db);
  await sql`CREATE INDEX schedules_owner_idx ON schedules (owner_id)`.execute(db);
  await sql`
    CREATE TABLE schedule_rotations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      schedule_id uuid NOT NULL REFERENCES schedules (id) ON DELETE CASCADE,
      name text NOT NULL,
      shift_unit text NOT NULL CHECK (shift_unit IN ('hours', 'days', 'weeks')),
      shift_count integer NOT NULL CHECK (shift_count BETWEEN 1 AND 1000),
      handoff_time text NOT NULL CHECK (handoff_time ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'),
      starts_at timestamptz NOT NULL,
      active_hours jsonb NOT NULL DEFAULT '[]',
      created_at timestamptz NOT NULL DEFAULT clock_timestamp()
    )`.execute(db);
  await sql`CREATE INDEX schedule_rotations_schedule_idx ON schedule_rotations (schedule_id, created_at)`.execute(db);
  await sql`
    CREATE TABLE schedule_rotation_members (
      rotation_id uuid NOT NULL REFERENCES schedule_rotations (id) ON DELETE CASCADE,
      position integer NOT NULL CHECK (position >= 0),
      user_id uuid NOT NULL REFERENCES users (id),
      PRIMARY KEY (rotation_id, position)
    )`.execute(db);
  await sql`CREATE INDEX schedule_rotation_members_user_idx ON schedule_rotation_members (user_id)`.execute(db);
  await sql`
    CREATE TABLE schedule_overrides (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      schedule_id uuid NOT NULL REFERENCES schedules (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ('replace', 'add', 'remove')),
      user_id uuid NOT NULL REFERENCES users (id),
      replaces_user_id uuid REFERENCES users (id),
      starts_at timestamptz NOT NULL,
      ends_at timestamptz NOT NULL,
      created_at timestamptz NOT NULL,
      CHECK (ends_at > starts_at),
      CHECK ((kind = 'replace') = (replaces_user_id IS NOT NULL))
    )`.execute(db);
  await sql`CREATE INDEX schedule_overrides_schedule_idx ON schedule_overrides (schedule_id, starts_at)`.execute(db);
  await sql`CREATE INDEX schedule_overrides_user_idx ON schedule_overrides (user_id)`.execute(db);
  await sql`CREATE INDEX schedule_overrides_replaces_idx ON schedule_overrides (replaces_user_id) WHERE replaces_user_id IS NOT NULL`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE schedule_overrides, schedule_rotation_members, schedule_rotations, schedules`.execute(db);
}
