import path from 'node:path';
import { mergeRsbuildConfig } from '@rsbuild/core';
import { consoleDir, createAppConfig } from '../rsbuild.base';
import { PRERENDER_ENVIRONMENT, pluginPrerender, prerenderEnvironment } from './rsbuild.prerender';

/**
 * The shared singletons the shell provides, with their private dependencies (scheduler, tabster,
 * keyborg, Fluent's tokens, Griffel's core), and @vigil/shared's singleton modules
 * (shared/src/federation/singletonModules.ts) and router subset: every page of the console loads
 * all of them before it can render, so they come as one file. Each was its own chunk: /login made
 * 17 requests for them, and every answer carries ~1 KiB of headers (`npm run bench:web`: /login's
 * JS 214 → 198 KiB, 27 → 16 requests). Still singletons: the share scope names each module
 * (its key and version) and loads this chunk for whichever is asked first.
 */
const FIRST_LOAD =
  /node_modules[\\/](react|react-dom|scheduler|@griffel[\\/][^\\/]+|@fluentui[\\/](react-tabster|react-utilities|react-shared-contexts|react-theme|tokens)|tabster|keyborg|react-router|jotai)[\\/]|shared[\\/]src[\\/](api[\\/](api|client|errors)|session[\\/]token|theme[\\/]themeAtom|router[\\/]reactRouterDom)\.ts$/;

/**
 * The console's host (`web`), and in a production build the same pages for Node
 * (`prerender`), with which /login, /signup, /recover-password and /reset-password are rendered
 * to HTML at build time (rsbuild.prerender.ts, docs/console/prerendered-pages.md). A dev server renders in the browser.
 */
export default mergeRsbuildConfig(createAppConfig({ dir: 'shell', federationName: 'vigil_shell', title: 'Vigil' }), {
  plugins: [pluginPrerender()],
  environments: {
    web: {
      tools: {
        rspack: (config) => {
          const splitChunks = config.optimization?.splitChunks;
          if (!splitChunks) return;
          splitChunks.cacheGroups = {
            ...splitChunks.cacheGroups,
            firstLoad: { test: FIRST_LOAD, name: 'first-load', chunks: 'all', enforce: true, priority: 50 },
          };
        },
      },
    },
    ...(process.env.NODE_ENV !== 'development' && {
      // Outside the shell's folder (never served), removed once the pages are written.
      [PRERENDER_ENVIRONMENT]: prerenderEnvironment(path.join(consoleDir(), '.shell-prerender')),
    }),
  },
});
