#!/usr/bin/env node
// `npm test`: every suite. The API suites run on PGlite, and on PostgreSQL when one answers
// at TEST_DATABASE_URL (default postgres://postgres@127.0.0.1:5432/test).
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const databaseUrl = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

async function postgresAnswers() {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return true;
  } catch (error) {
    console.warn(`PostgreSQL does not answer at ${databaseUrl} (${error.message}): the api-postgres suite is skipped.`);
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

const projects = ['shared', 'api-pglite'];
if (await postgresAnswers()) projects.push('api-postgres');
console.log(`Running vitest projects: ${projects.join(', ')}`);
const args = ['vitest', 'run', ...projects.flatMap((p) => ['--project', p]), ...process.argv.slice(2)];
const result = spawnSync('npx', args, { cwd: root, stdio: 'inherit', env: { ...process.env, TEST_DATABASE_URL: databaseUrl } });
process.exit(result.status ?? 1);
