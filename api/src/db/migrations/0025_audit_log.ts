import { type Kysely, sql } from 'kysely';

/**
 * The audit log (docs/api/audit-log.md): one row per change to the things people configure,
 * written in the change's own transaction, and one per refused sign-in.
 *
 * - No foreign keys: an entry outlives the user, token, team or record it names.
 * - `actor_label`: the actor's email when they acted (a deleted user's entries stay readable);
 *   `actor_user_id` and `actor_token_id` are both null for an anonymous act (a refused sign-in).
 * - `before` / `after`: the record's audited fields only (audit/redaction.ts), never a secret.
 * - Indexes: `(at, id)` is the time order pages and retention walk; each filter has its own
 *   index ending in `id`, so a filtered page is read newest first from the index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE audit_log (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      at timestamptz NOT NULL DEFAULT now(),
      actor_user_id uuid,
      actor_token_id uuid,
      actor_label text,
      address text,
      action text NOT NULL,
      target_type text NOT NULL,
      target_id text,
      team_id uuid,
      before jsonb,
      after jsonb
    )`.execute(db);
  await sql`CREATE INDEX audit_log_at ON audit_log (at, id)`.execute(db);
  await sql`CREATE INDEX audit_log_actor ON audit_log (actor_user_id, id)`.execute(db);
  await sql`CREATE INDEX audit_log_actor_token ON audit_log (actor_token_id, id)`.execute(db);
  await sql`CREATE INDEX audit_log_action ON audit_log (action text_pattern_ops, id)`.execute(db);
  await sql`CREATE INDEX audit_log_target ON audit_log (target_type, target_id, id)`.execute(db);
  await sql`CREATE INDEX audit_log_team ON audit_log (team_id, id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE audit_log`.execute(db);
}
