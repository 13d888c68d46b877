import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { type EnvironmentConfig, mergeRsbuildConfig } from '@rsbuild/core';
import { buildVersion, consoleDir, createAppConfig, DEV_API_URL, DEV_PORTS } from '../rsbuild.base';

const appDir = path.dirname(fileURLToPath(import.meta.url));
// The same version and console folder as the federated build (`VIGIL_BUILD_VERSION`,
// `CONSOLE_DIR`), so a one-off versioned build puts its page beside its own manifest.
const version = buildVersion(appDir);
const port = DEV_PORTS['remote-actions'];

/** remote-actions' page for Node: the API renders /actions/:id with it (see below). */
const serverEnvironment: EnvironmentConfig = {
  source: { entry: { index: './src/server/renderPublicPage.tsx' } },
  output: {
    target: 'node',
    distPath: { root: path.join(consoleDir(), 'remote-actions', version, 'server') },
    // An ES module (Rsbuild's node output), named .mjs so Node loads it as one wherever it lies.
    filename: { js: '[name].mjs' },
    cleanDistPath: false,
    // One file the API loads whole: nothing to split or hash.
    minify: false,
  },
  performance: { chunkSplit: { strategy: 'all-in-one' } },
  tools: { htmlPlugin: false },
};

/**
 * Three builds of the same pages, into the same version folder `dist/remote-actions/<version>/`
 * (so a release of this remote moves them together):
 * - `web`: the federated remote (`mf-manifest.json`), as every remote, for hosts that embed the pages;
 * - `page`: the standalone page the API serves for /actions/:id, /acknowledge/:id, /escalate/:id
 *   and /close/:id (`page/index.html`): React, Fluent and the shared hooks only, no shell and
 *   no Module Federation runtime, and only what hydrating the server's HTML needs: ~99 KiB of JS
 *   on the wire (brotli) where the page inside the shell took ~265 KiB gzip (docs/console/action-pages.md);
 * - `server`: the same page for Node (`server/index.mjs`), which the API calls to render
 *   /actions/:id and the result pages on the server (api/src/console/publicPageRender.ts), so
 *   they paint before their JavaScript and work without it. Built here, not by the API's tsc:
 *   the same bundler, sources and version folder as the page it hydrates into, so the two never
 *   disagree, and a release of this remote moves both.
 */
export default mergeRsbuildConfig(
  createAppConfig({
    dir: 'remote-actions',
    federationName: 'remote_actions',
    exposes: { './ActionsPage': './src/federated/ActionsPage.tsx', './ResultPage': './src/pages/ResultPage.tsx' },
  }),
  {
    // Dev: this server answers the page's routes (the shell's dev server proxies them here; any
    // path falls back to the page's HTML) and proxies its API calls as the shell's does.
    server: { proxy: { '/api': DEV_API_URL } },
    environments: {
      // The remote has no page of its own: its entry only exists for the federation runtime.
      web: { tools: { htmlPlugin: false } },
      page: {
        source: { entry: { index: './src/public/main.tsx' } },
        // The scripts at the end of <body>, deferred: on a slow network the server-rendered HTML
        // and its styles arrive whole before the browser starts fetching the scripts that only
        // hydrate it, so the first paint (the alert, styled) never shares the link with them.
        html: { template: './index.html', inject: 'body' },
        output: {
          // Inside the remote's folder, which the remote's build empties first.
          distPath: { root: path.join(consoleDir(), 'remote-actions', version, 'page') },
          // The API serves every remote folder under /remotes/ (api/src/console/plugin.ts).
          assetPrefix: `/remotes/remote-actions/${version}/page/`,
          cleanDistPath: false,
        },
        dev: { assetPrefix: `http://localhost:${port}/page/` },
      },
      // A dev server (`npm run dev`) serves the page to render in the browser: no renderer to build
      // (Rsbuild would write it to disk, over the built one that `npm start` uses).
      ...(process.env.NODE_ENV !== 'development' && { server: serverEnvironment }),
    },
  },
);
