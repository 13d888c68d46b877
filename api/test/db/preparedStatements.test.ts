import { randomUUID } from 'node:crypto';
import { sql } from 'kysely';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/db/database.js';
import { preparingClient, StatementNames } from '../../src/db/preparedStatements.js';
import { TEST_DATABASE_URL, TEST_DB } from '../helpers/testApp.js';

describe('statement names', () => {
  it('names a text from its third use on, the same name every time, and renews every name after a schema change', () => {
    const names = new StatementNames();
    const text = 'SELECT * FROM alerts WHERE id = $1';
    expect([names.nameOf(text), names.nameOf(text)]).toEqual([undefined, undefined]);
    const name = names.nameOf(text);
    expect(name).toMatch(/^vigil_0_\d+$/);
    expect(names.nameOf(text)).toBe(name);
    expect(names.nameOf('SELECT 1 WHERE $1')).toBeUndefined();
    names.renew();
    expect([names.nameOf(text), names.nameOf(text), names.nameOf(text)]).toEqual([undefined, undefined, 'vigil_1_0']);
  });
});

// Named statements exist only on a PostgreSQL server: PGlite keeps its own dialect.
describe.skipIf(TEST_DB !== 'postgres')('prepared statements on PostgreSQL', () => {
  const schema = `t_prep_${randomUUID().replaceAll('-', '').slice(0, 12)}`;
  let pool: pg.Pool;
  // One connection, queried as Kysely does (text, values): each query sees what the earlier ones prepared.
  let client: pg.PoolClient;
  const query = (text: string, values: unknown[] = []) => client.query(text, values);
  const prepared = async () =>
    (await query('SELECT statement FROM pg_prepared_statements ORDER BY statement')).rows.map((r) => r.statement as string);

  beforeAll(async () => {
    pool = new pg.Pool({ connectionString: TEST_DATABASE_URL, max: 1, options: `-c search_path=${schema}`, Client: preparingClient() });
    client = await pool.connect();
    await query(`CREATE SCHEMA ${schema}`);
    await query('CREATE TABLE items (id int PRIMARY KEY, name text)');
    await query("INSERT INTO items VALUES (1, 'one'), (2, 'two')");
  });
  afterAll(async () => {
    await query(`DROP SCHEMA ${schema} CASCADE`);
    client.release();
    await pool.end();
  });

  it('prepares a repeated parameterized query on the server and answers it as before', async () => {
    const text = 'SELECT * FROM items WHERE id = $1';
    const answers = [];
    for (const id of [1, 2, 1, 2, 1]) answers.push((await query(text, [id])).rows);
    expect(answers.map((rows) => rows[0]?.name)).toEqual(['one', 'two', 'one', 'two', 'one']);
    expect(await prepared()).toContain(text);
    // Not the one-off statements, nor those without parameters.
    expect((await prepared()).some((s) => s.includes('pg_prepared_statements') || s.startsWith('CREATE'))).toBe(false);
  });

  it('answers from the new schema after a column is added under a prepared statement', async () => {
    const text = 'SELECT * FROM items WHERE id >= $1 ORDER BY id';
    for (let i = 0; i < 4; i++) await query(text, [1]);
    expect(await prepared()).toContain(text);
    await query("ALTER TABLE items ADD COLUMN note text DEFAULT 'new'");
    const { rows } = await query(text, [1]);
    expect(rows).toEqual([
      { id: 1, name: 'one', note: 'new' },
      { id: 2, name: 'two', note: 'new' },
    ]);
  });

  it('inside a transaction a stale statement fails the transaction; the next one prepares afresh', async () => {
    const text = 'SELECT * FROM items WHERE id = $1 AND $2::int = 0';
    for (let i = 0; i < 4; i++) await query(text, [1, 0]);
    await query('ALTER TABLE items ADD COLUMN extra int DEFAULT 7');
    await query('BEGIN');
    await expect(query(text, [1, 0])).rejects.toThrow(/cached plan must not change result type/);
    await query('ROLLBACK');
    const { rows } = await query(text, [1, 0]);
    expect(rows[0]).toMatchObject({ id: 1, extra: 7 });
  });

  it('knows a script that opened and closed a transaction left none open, and runs a stale statement again', async () => {
    const text = 'SELECT * FROM items WHERE id = $1 AND $2::int = 1';
    for (let i = 0; i < 4; i++) await query(text, [2, 1]);
    await query('ALTER TABLE items ADD COLUMN flag bool DEFAULT true');
    // One text, several statements (the job queue's set-up sends such scripts).
    await query('BEGIN; SELECT 1; COMMIT', []);
    const { rows } = await query(text, [2, 1]);
    expect(rows[0]).toMatchObject({ id: 2, flag: true });
  });

  it('frees the statements of the names a schema change retired', async () => {
    const text = 'SELECT name FROM items WHERE id = $1 AND $2::int = 2';
    for (let i = 0; i < 4; i++) await query(text, [1, 2]);
    const names = async () => (await query('SELECT name FROM pg_prepared_statements')).rows.map((r) => r.name as string);
    const before = await names();
    expect(before.length).toBeGreaterThan(0);
    const wide = 'SELECT * FROM items WHERE id >= $1 AND $2::int = 2 ORDER BY id';
    for (let i = 0; i < 4; i++) await query(wide, [1, 2]);
    await query('ALTER TABLE items ADD COLUMN later int');
    await query(wide, [1, 2]); // its plan went stale: every name is renewed
    const after = await names();
    for (const name of before) expect(after).not.toContain(name);
  });

  it('prepares nothing when DATABASE_PREPARED_STATEMENTS is off (a pooler that would lose them)', async () => {
    const db = await openDatabase({ kind: 'postgres', url: TEST_DATABASE_URL, schema, poolSize: 1, preparedStatements: false });
    try {
      const statements = await db.connection().execute(async (conn) => {
        for (let i = 0; i < 5; i++) await sql`SELECT name FROM items WHERE id = ${1}`.execute(conn);
        return (await sql<{ n: number }>`SELECT count(*)::int AS n FROM pg_prepared_statements`.execute(conn)).rows[0]?.n;
      });
      expect(statements).toBe(0);
    } finally {
      await db.destroy();
    }
  });
});
