import { type Kysely, sql } from 'kysely';

/**
 * Escalation policies as their own objects (docs/oncall/escalation-policies.md).
 *
 * - `escalation_policies`: owned by its creator (deleting the owner deletes it, as their
 *   schedules). `levels` is a JSON array, level 1 first, of
 *   {delay_minutes: integer | null, targets: {user_ids, schedule_ids, emails}}: read and
 *   written whole, always with the policy. The users and schedules it names are checked when it
 *   is saved; one deleted later is simply reached no more.
 * - `integrations.escalation_policy_id`: many integrations share one policy; the API refuses to
 *   delete a policy in use (409), and deleting its owner detaches it (SET NULL).
 * - Each integration's inline policy (0009: `escalation_contacts`, `escalate_after_minutes`,
 *   `escalation_max_level`) becomes a policy of its own, "<title> escalation", owned by the
 *   integration's owner: one level per contact level with the delay, `max_level` kept (the
 *   timer stopped there, a person could escalate further: still so). An integration still on
 *   the defaults (no contacts, no timer) has nothing to move and keeps no policy: it behaves the
 *   same (every active superuser, by hand). `down()` rebuilds the columns from the policies.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE escalation_policies (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      name text NOT NULL,
      description text,
      repeat integer NOT NULL DEFAULT 0 CHECK (repeat BETWEEN 0 AND 10),
      max_level integer CHECK (max_level BETWEEN 1 AND 110),
      levels jsonb NOT NULL CHECK (jsonb_typeof(levels) = 'array' AND jsonb_array_length(levels) BETWEEN 1 AND 10),
      created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
      updated_at timestamptz NOT NULL DEFAULT clock_timestamp()
    )`.execute(db);
  await sql`CREATE INDEX escalation_policies_name_idx ON escalation_policies (name, id)`.execute(db);
  await sql`CREATE INDEX escalation_policies_owner_idx ON escalation_policies (owner_id)`.execute(db);
  await sql`
    ALTER TABLE integrations
      ADD COLUMN escalation_policy_id uuid REFERENCES escalation_policies (id) ON DELETE SET NULL`.execute(db);
  await sql`CREATE INDEX integrations_escalation_policy_idx ON integrations (escalation_policy_id) WHERE escalation_policy_id IS NOT NULL`.execute(
    db,
  );

  // One policy per integration that has anything to move; `levels` built from the contact
  // levels in order (none: one level without targets, which reaches every active superuser).
  await sql`
    WITH moved AS (
      SELECT i.id AS integration_id, gen_random_uuid() AS policy_id, i.owner_id, i.title,
        i.escalate_after_minutes AS delay, i.escalation_max_level AS max_level,
        CASE WHEN jsonb_array_length(i.escalation_contacts) = 0 THEN jsonb_build_array(jsonb_build_object(
          'delay_minutes', to_jsonb(i.escalate_after_minutes),
          'targets', jsonb_build_object('user_ids', '[]'::jsonb, 'schedule_ids', '[]'::jsonb, 'emails', '[]'::jsonb)))
        ELSE (SELECT jsonb_agg(jsonb_build_object(
          'delay_minutes', to_jsonb(i.escalate_after_minutes),
          'targets', jsonb_build_object('user_ids', '[]'::jsonb, 'schedule_ids', '[]'::jsonb, 'emails', level.emails)) ORDER BY level.n)
          FROM jsonb_array_elements(i.escalation_contacts) WITH ORDINALITY AS level(emails, n))
        END AS levels
      FROM integrations i
      WHERE jsonb_array_length(i.escalation_contacts) > 0 OR i.escalate_after_minutes IS NOT NULL
    ), created AS (
      INSERT INTO escalation_policies (id, owner_id, name, repeat, max_level, levels)
      SELECT policy_id, owner_id, left(title, 240) || ' escalation', 0, max_level, levels FROM moved
    )
    UPDATE integrations i SET escalation_policy_id = moved.policy_id FROM moved WHERE i.id = moved.integration_id`.execute(db);

  await sql`
    ALTER TABLE integrations
      DROP COLUMN escalation_contacts, DROP COLUMN escalate_after_minutes, DROP COLUMN escalation_max_level`.execute(db);
}

/**
 * Back to inline levels: each integration takes its policy's email targets per level (a
 * policy's users and schedules have no place there and are lost), level 1's delay and its
 * `max_level` (else its last level's number, at most 10).
 */
export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`
    ALTER TABLE integrations
      ADD COLUMN escalation_contacts jsonb NOT NULL DEFAULT '[]'::jsonb CHECK (jsonb_typeof(escalation_contacts) = 'array'),
      ADD COLUMN escalate_after_minutes integer CHECK (escalate_after_minutes BETWEEN 1 AND 10080),
      ADD COLUMN escalation_max_level integer NOT NULL DEFAULT 3 CHECK (escalation_max_level BETWEEN 1 AND 10)`.execute(db);
  await sql`
    UPDATE integrations i SET
      escalation_contacts = COALESCE((
        SELECT jsonb_agg(level.value->'targets'->'emails' ORDER BY level.n)
        FROM jsonb_array_elements(p.levels) WITH ORDINALITY AS level(value, n)
        WHERE jsonb_array_length(level.value->'targets'->'emails') > 0), '[]'::jsonb),
      escalate_after_minutes = (p.levels->0->>'delay_minutes')::integer,
      escalation_max_level = LEAST(10, COALESCE(p.max_level, jsonb_array_length(p.levels) * (p.repeat + 1)))
    FROM escalation_policies p WHERE p.id = i.escalation_policy_id`.execute(db);
  await sql`ALTER TABLE integrations DROP COLUMN escalation_policy_id`.execute(db);
  await sql`DROP TABLE escalation_policies`.execute(db);
}
