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
    // One migrated database for every test app to copy: a PGlite dump, a PostgreSQL template.
    globalSetup: ['test/helpers/testTemplates.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // Files share their worker's module cache: each no longer loads Fastify, Kysely, pg-boss and
    // the app again (240 s of imports in all, 22 s so). Safe because no API test mocks a module
    // or changes a global; an app, its database and its clock are built per test file.
    isolate: false,
  },
});

// Node 25+ defines its own `localStorage` global (empty without --localstorage-file), and
// vitest 4's jsdom environment then leaves it in place of jsdom's Storage: the browser-side
// suites turn it off in their workers. Older Node refuses the flag, so only from 25 on.
const browserExecArgv = Number(process.versions.node.split('.')[0]) >= 25 ? ['--no-webstorage'] : [];

export default defineConfig({
  test: {
    // vitest's default is one worker fewer than the cores: a single one on a 2-core machine,
    // where the API files then wait on timers and on PostgreSQL one after another. One more
    // than the cores: at two the API files left a core idle a third of the time (their waits);
    // at three the whole run took 252 s instead of 354 s on 2 cores.
    maxWorkers: Math.max(3, availableParallelism() + 1),
    projects: [
      {
        test: {
          name: 'shared',
          root: 'shared',
          isolate: false,
          include: ['src/**/*.test.{ts,tsx}'],
          execArgv: browserExecArgv,
          testTimeout: 20_000,
        },
      },
      // Components and form rules of the console apps (shell and remotes), next to their code,
      // and the scripts that list, build and scaffold those apps.
      {
        test: {
          name: 'console',
          isolate: false,
          include: ['shell/src/**/*.test.{ts,tsx}', 'remote-*/src/**/*.test.{ts,tsx}', 'scripts/**/*.test.ts'],
          execArgv: browserExecArgv,
          testTimeout: 20_000,
        },
      },
      // docker-compose.yml, the images' and gateway's nginx configs (in Debian's nginx when
      // installed), the move from the embedded database to PostgreSQL, and the docs' links.
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
