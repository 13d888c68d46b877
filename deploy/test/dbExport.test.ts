import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createInstall, dbExport, type Install } from './helpers/install.js';

// Bad input to `npm run db:export` gets a clear error and changes nothing. The move itself
// (dump → psql → PostgreSQL) is in dbExportPostgres.test.ts.

describe('npm run db:export refuses, changing nothing', () => {
  let install: Install;

  beforeAll(async () => {
    install = await createInstall();
  }, 120_000);

  afterAll(() => {
    if (install) rmSync(install.work, { recursive: true, force: true });
  });

  it('says how to call it when an argument is missing', () => {
    const result = dbExport(install.dataDir);
    expect(result.status).toBe(2);
    expect(result.stderr).toContain('Usage: npm run db:export -- <DATA_DIR> <dump.sql>');
  });

  it('a folder without an embedded database, creating nothing', () => {
    const missing = path.join(install.work, 'no-such-data');
    const out = path.join(install.work, 'never.sql');
    const result = dbExport(missing, out);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`No embedded database in ${missing}`);
    expect(existsSync(missing)).toBe(false);
    expect(existsSync(out)).toBe(false);
  });

  it('to overwrite a file, leaving it as it was', () => {
    const out = path.join(install.work, 'existing.sql');
    writeFileSync(out, 'keep me');
    const result = dbExport(install.dataDir, out);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('already exists');
    expect(readFileSync(out, 'utf8')).toBe('keep me');
  });

  it('a database a running server has open', async () => {
    const db = await PGlite.create(path.join(install.dataDir, 'pglite'));
    try {
      const out = path.join(install.work, 'while-open.sql');
      const result = dbExport(install.dataDir, out);
      expect(result.status).toBe(1);
      expect(result.stderr).toContain('stop the Vigil server first');
      expect(existsSync(out)).toBe(false);
    } finally {
      await db.close();
    }
  });
});
