import { type Kysely, sql } from 'kysely';

/** The channel every API process listens on (events/alertChanges.ts). */
export const ALERT_CHANGES_CHANNEL = 'vigil_alert_changes';

/**
 * Live updates and the list people work from.
 * - A statement trigger announces every change to alerts on one channel, once per statement
 *   with the owners touched (or "all" past NOTIFY's 8,000-byte payload limit), so every
 *   API replica can tell its open consoles, whoever made the change: a console, a public
 *   link, ingestion or a bulk action. The schema is named because channels are per database.
 * - Filters: state and severity within an owner's alerts, and title search through a
 *   trigram index (pg_trgm, a trusted extension since PostgreSQL 13; PGlite ships it).
 * - The dashboard reads alerts not yet closed by owner and severity: few rows, one index.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql
    .raw(`
    CREATE FUNCTION alerts_announce_changes() RETURNS trigger LANGUAGE plpgsql AS $$
    DECLARE
      owners jsonb;
      payload text;
    BEGIN
      IF TG_OP = 'DELETE' THEN
        SELECT jsonb_agg(DISTINCT owner_id) INTO owners FROM old_rows;
      ELSE
        SELECT jsonb_agg(DISTINCT owner_id) INTO owners FROM new_rows;
      END IF;
      IF owners IS NULL THEN
        RETURN NULL;
      END IF;
      payload := jsonb_build_object('schema', current_schema(), 'owners', owners)::text;
      IF octet_length(payload) > 7900 THEN
        payload := jsonb_build_object('schema', current_schema(), 'all', true)::text;
      END IF;
      PERFORM pg_notify('${ALERT_CHANGES_CHANNEL}', payload);
      RETURN NULL;
    END $$;
  `)
    .execute(db);
  for (const [op, table] of [
    ['INSERT', 'NEW TABLE AS new_rows'],
    ['UPDATE', 'NEW TABLE AS new_rows'],
    ['DELETE', 'OLD TABLE AS old_rows'],
  ] as const) {
    await sql
      .raw(
        `CREATE TRIGGER alerts_announce_${op.toLowerCase()} AFTER ${op} ON alerts REFERENCING ${table} FOR EACH STATEMENT EXECUTE FUNCTION alerts_announce_changes()`,
      )
      .execute(db);
  }
  // Extensions are per database, installed in one schema: wherever pg_trgm already lives
  // (here or in an earlier deployment's schema), name its operator class by that schema.
  await sql`CREATE EXTENSION IF NOT EXISTS pg_trgm SCHEMA public`.execute(db);
  const { rows } = await sql<{ schema: string }>`
    SELECT n.nspname AS schema FROM pg_opclass c JOIN pg_namespace n ON n.oid = c.opcnamespace
    WHERE c.opcname = 'gin_trgm_ops'`.execute(db);
  await sql`CREATE INDEX alerts_title_trgm_idx ON alerts USING gin (title ${sql.id(rows[0]?.schema ?? 'public', 'gin_trgm_ops')})`.execute(
    db,
  );
  await sql`CREATE INDEX alerts_owner_state_idx ON alerts (owner_id, state, severity)`.execute(db);
  await sql`CREATE INDEX alerts_owner_unclosed_idx ON alerts (owner_id, severity) WHERE state <> 'closed'`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP INDEX alerts_owner_unclosed_idx`.execute(db);
  await sql`DROP INDEX alerts_owner_state_idx`.execute(db);
  await sql`DROP INDEX alerts_title_trgm_idx`.execute(db);
  for (const op of ['insert', 'update', 'delete']) await sql.raw(`DROP TRIGGER alerts_announce_${op} ON alerts`).execute(db);
  await sql`DROP FUNCTION alerts_announce_changes()`.execute(db);
}
