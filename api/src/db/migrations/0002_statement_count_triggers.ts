import { type Kysely, sql } from 'kysely';

/**
 * Counts per statement instead of per row. A row trigger updates the owner's counter once
 * per row, and inside one transaction each update walks the row versions left by the
 * previous ones: a 100,000-row insert took 124 s. A statement trigger reads the transition
 * table and updates each owner's row once (1.7 s), and a burst of single inserts takes
 * the counter row's lock once per statement as before.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TRIGGER alerts_count ON alerts`.execute(db);
  await sql`DROP TRIGGER integrations_count ON integrations`.execute(db);
  await sql`DROP FUNCTION owner_counts_track()`.execute(db);
  for (const [table, column] of [
    ['alerts', 'alerts'],
    ['integrations', 'integrations'],
  ] as const) {
    await sql
      .raw(`
      CREATE FUNCTION ${table}_count_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        INSERT INTO owner_counts AS c (owner_id, ${column})
          SELECT owner_id, count(*) FROM inserted GROUP BY owner_id
          ON CONFLICT (owner_id) DO UPDATE SET ${column} = c.${column} + EXCLUDED.${column};
        RETURN NULL;
      END $$`)
      .execute(db);
    // Deletes only update: a deleted user's counter row is gone before their rows cascade.
    await sql
      .raw(`
      CREATE FUNCTION ${table}_count_deleted() RETURNS trigger LANGUAGE plpgsql AS $$
      BEGIN
        UPDATE owner_counts c SET ${column} = c.${column} - d.n
          FROM (SELECT owner_id, count(*) AS n FROM deleted GROUP BY owner_id) d
          WHERE c.owner_id = d.owner_id;
        RETURN NULL;
      END $$`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER ${table}_count_insert AFTER INSERT ON ${table} REFERENCING NEW TABLE AS inserted
        FOR EACH STATEMENT EXECUTE FUNCTION ${table}_count_inserted()`)
      .execute(db);
    await sql
      .raw(`CREATE TRIGGER ${table}_count_delete AFTER DELETE ON ${table} REFERENCING OLD TABLE AS deleted
        FOR EACH STATEMENT EXECUTE FUNCTION ${table}_count_deleted()`)
      .execute(db);
  }
}

export async function down(): Promise<void> {
  throw new Error('0002 is not reversible: restore from a backup');
}
