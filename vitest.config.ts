import { availableParallelism } from 'node:os';
import { defineConfig } from 'vitest/config';

// Every unit and API suite. The API suites run twice: on embedded PGlite and on a real
// PostgreSQL (scripts/test.mjs leaves that project out, saying so, when none answers).
const apiProject = (name: string, db: 'pglite' | 'postgres') => ({
  test: {
    name,
    root: 'api',
    include: ['test/**/*.test.ts'],
    env: { VIGIL_TEST_DB: db },
    // One migrated PGlite for every test app to copy (api-pglite; nothing on PostgreSQL).
    globalSetup: ['test/helpers/pgliteTemplate.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

// Node 25+ defines its own `localStorage` global (empty without --localstorage-file), and
// vitest 4's jsdom environment then leaves it in place of jsdom's Storage: the browser-side
// suites turn it off in their workers. Older Node refuses the flag, so only from 25 on.
const browserExecArgv = Number(process.versions.node.split('.')[0]) >= 25 ? ['--no-webstorage'] : [];

export default defineConfig({
  test: {
    // vitest's default is one worker fewer than the cores: a single one on a 2-core machine,
    // where the API files then wait on timers and on PostgreSQL one after another.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        test: {
          name: 'shared',
          root: 'shared',
          include: ['src/**/*.test.{ts,tsx}'],
          execArgv: browserExecArgv,
          testTimeout: 20_000,
        },
      },
      // Components and form rules of the console apps (shell and remotes), next to their code.
      {
        test: {
          name: 'console',
          include: ['shell/src/**/*.test.{ts,tsx}', 'remote-*/src/**/*.test.{ts,tsx}'],
          execArgv: browserExecArgv,
          testTimeout: 20_000,
        },
      },
      // docker-compose.yml, the images' and gateway's nginx configs (in Debian's nginx when
      // installed), and the move from the embedded database to PostgreSQL.
      {
        test: {
          name: 'deploy',
          include: ['deploy/test/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      apiProject('api-pglite', 'pglite'),
      apiProject('api-postgres', 'postgres'),
    ],
  },
});
