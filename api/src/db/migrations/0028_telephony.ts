import { type Kysely, sql } from 'kysely';

/**
 * SMS reply codes (docs/oncall/channels/sms-and-voice.md): a small number per phone number and
 * alert, given when an SMS about the alert is rendered, so "1a" from that phone means "acknowledge
 * the alert this phone was told is 1". At most telephony/replyCodes.ts's MAX_REPLY_CODE rows per
 * phone number: a code is reused once its alert is closed, gone or the code is old.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE sms_reply_codes (
      phone text NOT NULL,
      code integer NOT NULL CHECK (code > 0),
      alert_id uuid NOT NULL REFERENCES alerts (id) ON DELETE CASCADE,
      allocated_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (phone, code),
      UNIQUE (phone, alert_id)
    )`.execute(db);
  await sql`CREATE INDEX sms_reply_codes_alert_idx ON sms_reply_codes (alert_id)`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE sms_reply_codes`.execute(db);
}
