// Which Chromium the browser tests drive. Debian's `chromium-headless-shell` first: the same
// Chromium build in the old headless mode, the one Playwright itself runs headless tests in.
// It has no browser UI process work, no GPU process and no top-chrome renderer, and on 2 cores
// it ran the same 27 tests in 95 s where the full browser's new headless mode took 136 s.
// `/usr/bin/chromium` (the full browser) when the shell is not installed; CHROMIUM_PATH wins.
// The benchmarks keep the full browser (scripts/benchWeb.mjs): they measure what users run.
import { existsSync } from 'node:fs';

export const HEADLESS_SHELL = '/usr/lib/chromium/chromium-headless-shell';
export const FULL_BROWSER = '/usr/bin/chromium';

/** The browser for the tests: CHROMIUM_PATH, else the headless shell when installed, else the full browser. */
export function testBrowserPath(env = process.env) {
  if (env.CHROMIUM_PATH) return env.CHROMIUM_PATH;
  return existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : FULL_BROWSER;
}
