import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { leasePglite } from '../helpers/pglitePool.js';
import { readPgliteDump, TEST_DB } from '../helpers/testApp.js';

// The PGlite test apps reuse (helpers/pglitePool.ts): a used database is put back as the
// migrated template had it, or not reused at all. Every PGlite API suite relies on it: a row,
// a setting or a listener of one test app must never reach the next.
const template = () => readPgliteDump('pgliteTemplate');
const count = async (db: Awaited<ReturnType<typeof leasePglite>>['db'], table: string) =>
  Number((await sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.raw(table)}`.execute(db)).rows[0]?.n);

describe.skipIf(TEST_DB !== 'pglite')('PGlite databases reused by test apps', () => {
  it('comes back with the template’s rows, sequences and session, and nothing of the last app', async () => {
    const first = await leasePglite(template);
    const queues = await count(first.db, 'vigil_jobs.queue');
    const migrations = await count(first.db, 'kysely_migration');
    expect(queues).toBeGreaterThan(0);
    expect(migrations).toBeGreaterThan(0);
    expect(await count(first.db, 'users')).toBe(0);

    await sql`INSERT INTO users (id, email, hashed_password, is_active, is_superuser) VALUES (gen_random_uuid(), 'left@example.com', 'x', true, false)`.execute(
      first.db,
    );
    await sql`DELETE FROM vigil_jobs.queue`.execute(first.db);
    await sql`DELETE FROM kysely_migration`.execute(first.db);
    await sql`SET statement_timeout = '1234ms'`.execute(first.db);
    await first.pglite.exec('BEGIN; SELECT 1;'); // a transaction left open
    const heard: string[] = [];
    await first.db.listen('vigil_pool_test', (payload) => heard.push(`first:${payload}`));
    await first.release();

    const second = await leasePglite(template);
    // Compared as a boolean: a failure's diff of two PGlites (their memory) would take minutes.
    expect(second.pglite === first.pglite, 'the same PGlite, reused').toBe(true);
    expect(await count(second.db, 'users')).toBe(0);
    expect(await count(second.db, 'vigil_jobs.queue')).toBe(queues);
    expect(await count(second.db, 'kysely_migration')).toBe(migrations);
    expect((await sql<{ t: string }>`SELECT current_setting('statement_timeout') AS t`.execute(second.db)).rows[0]?.t).toBe('0');
    await second.db.listen('vigil_pool_test', (payload) => heard.push(`second:${payload}`));
    await sql`SELECT pg_notify('vigil_pool_test', 'hello')`.execute(second.db);
    await expect.poll(() => heard).toEqual(['second:hello']);
    await second.release();
  });

  it('is closed, not reused, when its schema changed', async () => {
    const first = await leasePglite(template);
    await sql`CREATE TABLE left_behind (id int)`.execute(first.db);
    await first.release();
    expect(first.pglite.closed).toBe(true);

    const second = await leasePglite(template);
    expect(second.pglite === first.pglite, 'the same PGlite, reused').toBe(false);
    const { rows } = await sql<{ found: string | null }>`SELECT to_regclass('left_behind')::text AS found`.execute(second.db);
    expect(rows[0]?.found).toBeNull();
    await second.release();
  });

  it('is not reused when it was closed', async () => {
    const first = await leasePglite(template);
    await sql`SELECT 1`.execute(first.db);
    await first.db.destroy(); // Kysely's destroy closes its PGlite
    expect(first.pglite.closed).toBe(true);
    await first.release();
    const second = await leasePglite(template);
    expect(second.pglite === first.pglite, 'the same PGlite, reused').toBe(false);
    expect(await count(second.db, 'users')).toBe(0);
    await second.release();
  });
});
