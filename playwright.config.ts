import { mkdtempSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { testBrowserPath } from './scripts/testBrowser.mjs';

// End-to-end tests drive Debian's Chromium against the real product: the built API serving
// the built console on one origin, on a fresh embedded database (nothing mocked).
const port = Number(process.env.E2E_PORT ?? 8765);
export const E2E_BASE_URL = `http://127.0.0.1:${port}`;
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(path.join(tmpdir(), 'vigil-e2e-'));
process.env.E2E_DATA_DIR = dataDir;

/**
 * The browser checks of how the console is built and shipped rather than of what it does:
 * `npm run dev`'s servers with hot reload (dev.spec), `npm run release` on a running server
 * (release.spec) and a remote made by `npm run new:remote` joining one (newRemote.spec). Each
 * builds with Rsbuild and starts servers of its own (85 CPU-seconds of the suite's 500 for the
 * first two), so they run in the deployment tier, `npm run test:deploy` (VIGIL_E2E_TIER=deploy,
 * which runs only them), not in `npm test`. CI runs both tiers. docs/testing.md, "The tiers".
 */
const DEPLOY_TIER_FILES = ['**/dev.spec.ts', '**/release.spec.ts', '**/newRemote.spec.ts'];
const deployTier = process.env.VIGIL_E2E_TIER === 'deploy';
const chromiumUse = { ...devices['Desktop Chrome'], channel: undefined };

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  // Playwright's default is half the cores: a single worker on a 2-core machine. Two at least
  // (CI's choice too): each test waits on the server and the browser more than it computes.
  // (Four were tried on 2 cores at a load of 25-30: list pages then missed their 10 s waits.)
  workers: process.env.CI ? 2 : Math.max(2, Math.floor(availableParallelism() / 2)),
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? [['list']] : [['list']],
  use: {
    baseURL: E2E_BASE_URL,
    // The console honours prefers-reduced-motion (Fluent UI's motion): with it, no dialog, toast
    // or spinner animates, so no test waits on an animation and the browser paints far less
    // (27 tests: 87 s instead of 103 s on 2 cores). docs/testing.md, "Browser tests".
    reducedMotion: 'reduce',
    // With CI set (`.ci/run` sets it), a failed test is run again once with a trace: each action
    // with the DOM, network and console around it, kept whether the retry passes (a flaky test)
    // or fails too. Not on the first run: recording a trace for every test that then passes was
    // a seventh of the suite's CPU (59 tests: 92 s and 144 CPU-s on the first run only, 104 s
    // and 168 CPU-s on every run).
    // Without the trace's screencast, which had the browser encode frames all through the test.
    // Locally (no retry), `npx playwright test --trace on` traces a failing test.
    trace: { mode: 'on-first-retry', screenshots: false },
    screenshot: 'only-on-failure',
    launchOptions: {
      // Debian's headless shell when installed (scripts/testBrowser.mjs says why), else its Chromium.
      executablePath: testBrowserPath(),
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
        '--disable-sync',
      ],
    },
  },
  projects: deployTier
    ? [{ name: 'deploy', testMatch: DEPLOY_TIER_FILES, use: chromiumUse }]
    : [
        // One project: a second one (the longest file first, as the slowed-down answers of
        // sessionRefused.spec were) had every worker restart when it moved on to the other.
        { name: 'chromium', testIgnore: DEPLOY_TIER_FILES, use: chromiumUse },
      ],
  // The deployment tier's files start servers of their own; the others share this one.
  webServer: deployTier
    ? undefined
    : {
        command: 'node api/dist/server.js',
        url: `${E2E_BASE_URL}/api/v1/utils/health-check/`,
        reuseExistingServer: false,
        timeout: 120_000,
        stdout: 'ignore',
        stderr: 'pipe',
        env: {
          PORT: String(port),
          HOST: '127.0.0.1',
          DATA_DIR: dataDir,
          FIRST_SUPERUSER: 'admin@example.com',
          FIRST_SUPERUSER_PASSWORD: 'e2e-admin-password',
          FRONTEND_HOST: E2E_BASE_URL,
          LOG_LEVEL: 'warn',
          RATE_LIMIT_LOGIN_PER_MINUTE: '100000',
          RATE_LIMIT_RECOVERY_PER_MINUTE: '100000',
          RATE_LIMIT_PUBLIC_ALERT_PER_MINUTE: '100000',
          RATE_LIMIT_SIGNUP_PER_MINUTE: '100000',
          RATE_LIMIT_PASSWORD_CHANGE_PER_MINUTE: '100000',
          RATE_LIMIT_PER_ALERT_PER_MINUTE: '100000',
          RATE_LIMIT_INGEST_ALERTS_PER_MINUTE: '100000',
          // A contact method's webhook reaches a receiver the test starts on 127.0.0.1
          // (e2e/oncallContactMethods.spec.ts); the SSRF guard stays on everywhere else.
          CONTACT_METHODS_ALLOW_PRIVATE_NETWORKS: 'true',
        },
      },
});
