import { type Kysely, sql } from 'kysely';

/**
 * What the importers (`npm run import`, api/src/importers/, decision 0096) made of another
 * vendor's objects: one row per source object, so a second run finds each one, compares the
 * fingerprint of what it asks for now with the one stored, and changes nothing when they are
 * equal. `vigil_id` names a row of the table `vigil_kind` says (no foreign key: it spans several
 * tables); an object deleted in Vigil since is made again by the next run.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE import_mappings (
      vendor text NOT NULL CHECK (vendor IN ('opsgenie', 'oncall')),
      source_kind text NOT NULL,
      source_id text NOT NULL,
      vigil_kind text NOT NULL,
      vigil_id uuid NOT NULL,
      fingerprint text NOT NULL,
      imported_at timestamptz NOT NULL DEFAULT now(),
      PRIMARY KEY (vendor, source_kind, source_id)
    )`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE import_mappings`.execute(db);
}
