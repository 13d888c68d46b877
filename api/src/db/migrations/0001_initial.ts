import { type Kysely, sql } from 'kysely';

// Plain SQL on purpose: the same statements run on PGlite and on a PostgreSQL server.
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE users (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      email text NOT NULL,
      full_name text,
      hashed_password text NOT NULL,
      is_active boolean NOT NULL DEFAULT true,
      is_superuser boolean NOT NULL DEFAULT false,
      token_version integer NOT NULL DEFAULT 0,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  // Emails compare case-insensitively: uniqueness and look-ups both go through lower(email).
  await sql`CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email))`.execute(db);
  await sql`CREATE INDEX users_created_at_idx ON users (created_at, id)`.execute(db);

  await sql`
    CREATE TABLE integrations (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      title text NOT NULL,
      description text,
      owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX integrations_owner_created_idx ON integrations (owner_id, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX integrations_created_idx ON integrations (created_at DESC, id DESC)`.execute(db);

  await sql`
    CREATE TABLE alerts (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      title text NOT NULL,
      description text,
      state text NOT NULL DEFAULT 'open' CHECK (state IN ('open', 'acknowledged', 'escalated', 'closed')),
      severity text NOT NULL DEFAULT 'warning' CHECK (severity IN ('critical', 'high', 'warning', 'info')),
      escalation_level integer NOT NULL DEFAULT 0,
      integration_id uuid REFERENCES integrations (id) ON DELETE SET NULL,
      owner_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX alerts_owner_created_idx ON alerts (owner_id, created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX alerts_created_idx ON alerts (created_at DESC, id DESC)`.execute(db);
  await sql`CREATE INDEX alerts_integration_idx ON alerts (integration_id)`.execute(db);

  await sql`
    CREATE TABLE alert_events (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      alert_id uuid NOT NULL REFERENCES alerts (id) ON DELETE CASCADE,
      action text NOT NULL,
      from_state text NOT NULL,
      to_state text NOT NULL,
      actor_id uuid REFERENCES users (id) ON DELETE SET NULL,
      via text NOT NULL CHECK (via IN ('console', 'link')),
      client_ip text,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX alert_events_alert_idx ON alert_events (alert_id, created_at)`.execute(db);

  await sql`
    CREATE TABLE password_reset_tokens (
      token_hash text PRIMARY KEY,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      expires_at timestamptz NOT NULL,
      used_at timestamptz,
      created_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX password_reset_tokens_user_idx ON password_reset_tokens (user_id)`.execute(db);

  // Exact counts without count(*): each insert or delete adjusts its owner's row in the
  // same transaction, so the number is never stale and reading it costs one index look-up.
  await sql`
    CREATE TABLE owner_counts (
      owner_id uuid PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
      alerts bigint NOT NULL DEFAULT 0,
      integrations bigint NOT NULL DEFAULT 0
    )`.execute(db);
  await sql`
    CREATE FUNCTION owner_counts_track() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      -- A delete only updates: when a user is deleted, their counter row goes first and
      -- the cascaded deletes of their alerts must not re-create it.
      IF TG_OP = 'INSERT' THEN
        IF TG_TABLE_NAME = 'alerts' THEN
          INSERT INTO owner_counts AS c (owner_id, alerts) VALUES (NEW.owner_id, 1)
            ON CONFLICT (owner_id) DO UPDATE SET alerts = c.alerts + 1;
        ELSE
          INSERT INTO owner_counts AS c (owner_id, integrations) VALUES (NEW.owner_id, 1)
            ON CONFLICT (owner_id) DO UPDATE SET integrations = c.integrations + 1;
        END IF;
      ELSIF TG_TABLE_NAME = 'alerts' THEN
        UPDATE owner_counts SET alerts = alerts - 1 WHERE owner_id = OLD.owner_id;
      ELSE
        UPDATE owner_counts SET integrations = integrations - 1 WHERE owner_id = OLD.owner_id;
      END IF;
      RETURN NULL;
    END $$`.execute(db);
  await sql`CREATE TRIGGER alerts_count AFTER INSERT OR DELETE ON alerts FOR EACH ROW EXECUTE FUNCTION owner_counts_track()`.execute(db);
  await sql`CREATE TRIGGER integrations_count AFTER INSERT OR DELETE ON integrations FOR EACH ROW EXECUTE FUNCTION owner_counts_track()`.execute(
    db,
  );
}

export async function down(db: Kysely<unknown>): Promise<void> {
  for (const table of ['owner_counts', 'password_reset_tokens', 'alert_events', 'alerts', 'integrations', 'users']) {
    await sql`DROP TABLE IF EXISTS ${sql.table(table)} CASCADE`.execute(db);
  }
  await sql`DROP FUNCTION IF EXISTS owner_counts_track()`.execute(db);
}
