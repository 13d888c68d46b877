import { describe, expect, it } from 'vitest';
import { generateOpenapiArtifacts, readCommittedArtifacts } from '../../scripts/openapiArtifacts.js';
import { TEST_DB } from '../helpers/testApp.js';

// Database-independent: checked once, in the PGlite run.
describe.skipIf(TEST_DB !== 'pglite')('generated API types', () => {
  it('shared/openapi.json, shared/src/api/schema.d.ts and shared/src/api/limits.ts match the routes (run `npm run gen:api` when this fails)', async () => {
    const [fresh, committed] = await Promise.all([generateOpenapiArtifacts(), readCommittedArtifacts()]);
    expect(committed.json, 'shared/openapi.json is stale: run `npm run gen:api`').toBe(fresh.json);
    expect(committed.types, 'shared/src/api/schema.d.ts is stale: run `npm run gen:api`').toBe(fresh.types);
    expect(committed.limits, 'shared/src/api/limits.ts is stale: run `npm run gen:api`').toBe(fresh.limits);
    // It builds the whole app and runs openapi-typescript: 20 s alone on 2 cores, past 30 s beside the other suites.
  }, 120_000);
});
