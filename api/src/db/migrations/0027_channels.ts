import { type Kysely, sql } from 'kysely';

const METHOD_KINDS_BEFORE = `('email', 'webhook', 'slack', 'ntfy')`;
const METHOD_KINDS = `('email', 'webhook', 'slack', 'ntfy', 'sms', 'voice')`;
const CHAT_KINDS = `('slack_app', 'mattermost', 'rocketchat', 'msteams', 'telegram')`;
const VIAS_BEFORE = `('console', 'link', 'integration', 'policy')`;
const VIAS = `('console', 'link', 'integration', 'policy', 'sms', 'voice', 'slack', 'mattermost', 'rocketchat', 'telegram')`;

/**
 * The channels that answer back (docs/oncall/channels.md): phone methods (`sms`, `voice`) beside
 * the existing contact methods; a team's chat channels, posted to on every new alert of the team
 * and updated in place on every change of its state (both by trigger, so every source of an
 * alert or a change is covered and ingestion stays one statement); the chat users linked to
 * Vigil users, so a button press acts as someone; and the providers a superuser configures
 * (Twilio, an SMS gateway, a Slack app, a Telegram bot), their secrets encrypted at rest.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE contact_methods DROP CONSTRAINT contact_methods_kind_check`.execute(db);
  await sql.raw(`ALTER TABLE contact_methods ADD CONSTRAINT contact_methods_kind_check CHECK (kind IN ${METHOD_KINDS})`).execute(db);
  await sql`ALTER TABLE alert_events DROP CONSTRAINT alert_events_via_check`.execute(db);
  await sql.raw(`ALTER TABLE alert_events ADD CONSTRAINT alert_events_via_check CHECK (via IN ${VIAS})`).execute(db);

  await sql`
    CREATE TABLE notification_providers (
      kind text PRIMARY KEY CHECK (kind IN ('twilio', 'sms_gateway', 'slack_app', 'telegram')),
      config jsonb NOT NULL DEFAULT '{}',
      secrets text,
      updated_at timestamptz NOT NULL DEFAULT now(),
      updated_by uuid REFERENCES users (id) ON DELETE SET NULL
    )`.execute(db);

  await sql
    .raw(`
    CREATE TABLE chat_channels (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      team_id uuid NOT NULL REFERENCES teams (id) ON DELETE CASCADE,
      kind text NOT NULL CHECK (kind IN ${CHAT_KINDS}),
      label text NOT NULL,
      target text NOT NULL,
      secret text,
      enabled boolean NOT NULL DEFAULT true,
      created_by uuid REFERENCES users (id) ON DELETE SET NULL,
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      UNIQUE (team_id, label)
    )`)
    .execute(db);
  await sql`CREATE INDEX chat_channels_team_idx ON chat_channels (team_id) WHERE enabled`.execute(db);

  await sql`
    CREATE TABLE chat_messages (
      alert_id uuid NOT NULL REFERENCES alerts (id) ON DELETE CASCADE,
      chat_channel_id uuid NOT NULL REFERENCES chat_channels (id) ON DELETE CASCADE,
      external_id text NOT NULL,
      posted_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (alert_id, chat_channel_id)
    )`.execute(db);
  await sql`CREATE INDEX chat_messages_channel_idx ON chat_messages (chat_channel_id)`.execute(db);

  await sql`
    CREATE TABLE chat_user_links (
      kind text NOT NULL,
      workspace text NOT NULL DEFAULT '',
      external_user_id text NOT NULL,
      user_id uuid NOT NULL REFERENCES users (id) ON DELETE CASCADE,
      linked_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (kind, workspace, external_user_id)
    )`.execute(db);
  await sql`CREATE INDEX chat_user_links_user_idx ON chat_user_links (user_id)`.execute(db);

  await sql`
    ALTER TABLE notifications
      ADD COLUMN chat_channel_id uuid REFERENCES chat_channels (id) ON DELETE SET NULL,
      DROP CONSTRAINT notifications_channel_check,
      DROP CONSTRAINT notifications_kind_check,
      DROP CONSTRAINT notifications_subject_check,
      DROP CONSTRAINT notifications_skipped_reason_check`.execute(db);
  await sql
    .raw(`
    ALTER TABLE notifications
      ADD CONSTRAINT notifications_skipped_reason_check CHECK (
        skipped_reason IN ('unconfirmed', 'declined', 'unverified', 'acknowledged', 'closed', 'method_deleted', 'superseded')),
      ADD CONSTRAINT notifications_channel_check CHECK (channel IN ${METHOD_KINDS.slice(0, -1)}, ${CHAT_KINDS.slice(1)}),
      ADD CONSTRAINT notifications_kind_check CHECK (
        kind IN ('new_alert', 'escalation', 'contact_confirmation', 'contact_verification', 'chat_update', 'method_test')),
      ADD CONSTRAINT notifications_subject_check CHECK (
        CASE WHEN kind = 'contact_confirmation' THEN alert_id IS NULL AND contact_owner_id IS NOT NULL
             WHEN kind IN ('contact_verification', 'method_test') THEN alert_id IS NULL
             WHEN kind = 'chat_update' THEN alert_id IS NOT NULL AND chat_channel_id IS NOT NULL
             ELSE alert_id IS NOT NULL END)`)
    .execute(db);
  await sql`CREATE INDEX notifications_chat_idx ON notifications (alert_id, chat_channel_id) WHERE chat_channel_id IS NOT NULL`.execute(db);

  // A new alert is posted to every enabled chat channel of its team.
  await sql`
    CREATE FUNCTION alerts_to_chat_posts() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO notifications (alert_id, kind, recipient, channel, chat_channel_id)
      SELECT i.id, 'new_alert', c.label, c.kind, c.id
      FROM inserted i JOIN chat_channels c ON c.team_id = i.team_id AND c.enabled;
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER alerts_chat_posts AFTER INSERT ON alerts REFERENCING NEW TABLE AS inserted
    FOR EACH STATEMENT EXECUTE FUNCTION alerts_to_chat_posts()`.execute(db);
  // A change of state or level updates every chat message posted (or being posted) about the alert.
  await sql`
    CREATE FUNCTION alerts_to_chat_updates() RETURNS trigger LANGUAGE plpgsql AS $$
    BEGIN
      INSERT INTO notifications (alert_id, kind, recipient, channel, chat_channel_id)
      SELECT n.id, 'chat_update', c.label, c.kind, c.id
      FROM new_rows n
      JOIN old_rows o ON o.id = n.id
      JOIN chat_channels c ON c.team_id = n.team_id
      WHERE (n.state IS DISTINCT FROM o.state OR n.escalation_level IS DISTINCT FROM o.escalation_level)
        AND EXISTS (SELECT 1 FROM notifications p
                    WHERE p.alert_id = n.id AND p.chat_channel_id = c.id AND p.kind = 'new_alert');
      RETURN NULL;
    END $$`.execute(db);
  await sql`
    CREATE TRIGGER alerts_chat_updates AFTER UPDATE ON alerts REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
    FOR EACH STATEMENT EXECUTE FUNCTION alerts_to_chat_updates()`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER alerts_chat_updates ON alerts`.execute(db);
  await sql`DROP TRIGGER alerts_chat_posts ON alerts`.execute(db);
  await sql`DROP FUNCTION alerts_to_chat_updates()`.execute(db);
  await sql`DROP FUNCTION alerts_to_chat_posts()`.execute(db);
  await sql
    .raw(`
    DELETE FROM notifications
    WHERE kind IN ('chat_update', 'method_test') OR chat_channel_id IS NOT NULL OR channel NOT IN ${METHOD_KINDS_BEFORE}
       OR skipped_reason = 'superseded'`)
    .execute(db);
  await sql`
    ALTER TABLE notifications
      DROP CONSTRAINT notifications_channel_check,
      DROP CONSTRAINT notifications_kind_check,
      DROP CONSTRAINT notifications_subject_check,
      DROP CONSTRAINT notifications_skipped_reason_check,
      DROP COLUMN chat_channel_id`.execute(db);
  await sql
    .raw(`
    ALTER TABLE notifications
      ADD CONSTRAINT notifications_skipped_reason_check CHECK (
        skipped_reason IN ('unconfirmed', 'declined', 'unverified', 'acknowledged', 'closed', 'method_deleted')),
      ADD CONSTRAINT notifications_channel_check CHECK (channel IN ${METHOD_KINDS_BEFORE}),
      ADD CONSTRAINT notifications_kind_check CHECK (kind IN ('new_alert', 'escalation', 'contact_confirmation', 'contact_verification')),
      ADD CONSTRAINT notifications_subject_check CHECK (
        CASE WHEN kind = 'contact_confirmation' THEN alert_id IS NULL AND contact_owner_id IS NOT NULL
             WHEN kind = 'contact_verification' THEN alert_id IS NULL
             ELSE alert_id IS NOT NULL END)`)
    .execute(db);
  await sql`DROP TABLE chat_user_links`.execute(db);
  await sql`DROP TABLE chat_messages`.execute(db);
  await sql`DROP TABLE chat_channels`.execute(db);
  await sql`DROP TABLE notification_providers`.execute(db);
  await sql`DELETE FROM alert_events WHERE via NOT IN ('console', 'link', 'integration', 'policy')`.execute(db);
  await sql`ALTER TABLE alert_events DROP CONSTRAINT alert_events_via_check`.execute(db);
  await sql.raw(`ALTER TABLE alert_events ADD CONSTRAINT alert_events_via_check CHECK (via IN ${VIAS_BEFORE})`).execute(db);
  await sql`DELETE FROM contact_methods WHERE kind IN ('sms', 'voice')`.execute(db);
  await sql`ALTER TABLE contact_methods DROP CONSTRAINT contact_methods_kind_check`.execute(db);
  await sql.raw(`ALTER TABLE contact_methods ADD CONSTRAINT contact_methods_kind_check CHECK (kind IN ${METHOD_KINDS_BEFORE})`).execute(db);
}
