import { describe } from 'vitest';

// The on-call arithmetic touches no database, yet every api/test file runs in both database
// projects (vitest.config.ts). Its suites run in api-pglite, the project that always runs, and
// are skipped in api-postgres rather than run twice.
export const describePure = describe.skipIf(process.env.VIGIL_TEST_DB === 'postgres');
