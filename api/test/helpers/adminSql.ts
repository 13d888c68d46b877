import pg from 'pg';

/**
 * Runs statements, one after the other, on their own connection to `url` as the server's
 * administrator: creating and dropping databases and schemas around tests and benchmarks.
 * No vitest import, so the benchmarks share it.
 */
export async function runAdminSql(url: string, ...statements: string[]): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    for (const statement of statements) await client.query(statement);
  } finally {
    await client.end();
  }
}
