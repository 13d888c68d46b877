import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, type RsbuildConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

const versionOf = (pkg: string): string =>
  (JSON.parse(readFileSync(path.join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')) as { version: string }).version;

/**
 * What loads once in the browser, whichever app asks first. React and its sub-path entries
 * are separate share keys (without `react-dom/client` the reconciler is bundled privately).
 * Of Fluent, only the packages that hold cross-app React context and style state are shared
 * (theme, renderer, tabster, provider contexts); component code is bundled per app so nobody
 * downloads all of Fluent up front (docs/console.md has the measurements behind this).
 */
export const SHARED_SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  'react-router',
  'react-router/dom',
  'react-router-dom',
  '@tanstack/react-query',
  'jotai',
  '@fluentui/react-shared-contexts',
  '@fluentui/react-utilities',
  '@fluentui/react-tabster',
  '@fluentui/react-theme',
  '@griffel/react',
] as const;

function sharedConfig() {
  const shared: Record<string, { singleton: true; requiredVersion: string; eager?: boolean }> = {};
  for (const name of SHARED_SINGLETONS) {
    const pkg = name.startsWith('@') ? name.split('/').slice(0, 2).join('/') : name.split('/')[0]!;
    shared[name] = { singleton: true, requiredVersion: `^${versionOf(pkg)}` };
  }
  // The workspace package: one copy of the API client, query setup and session helpers.
  shared['@vigil/shared'] = { singleton: true, requiredVersion: '^0.1.0' };
  return shared;
}

export interface AppOptions {
  /** The app folder, e.g. `remote-alerts`. */
  dir: string;
  /** Module Federation container name: a JS identifier (`remote_alerts`). */
  federationName: string;
  /** Dev server port. */
  port: number;
  /** Remotes expose pages (`./AlertsPage` → `./src/pages/AlertsPage.tsx`); the shell exposes nothing. */
  exposes?: Record<string, string>;
  title?: string;
}

/** The one Rsbuild config factory: every app's rsbuild.config.ts calls it. */
export function createAppConfig(options: AppOptions): RsbuildConfig {
  const appDir = path.join(ROOT, options.dir);
  const pkg = JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8')) as { version: string };
  const isHost = !options.exposes;
  // Remotes build into a folder named by their own version, so earlier versions stay deployable.
  const distPath = isHost ? path.join(ROOT, 'dist', options.dir) : path.join(ROOT, 'dist', options.dir, pkg.version);
  return defineConfig({
    root: appDir,
    plugins: [
      pluginReact(),
      pluginModuleFederation({
        name: options.federationName,
        exposes: options.exposes,
        // Remotes are registered at run time from /remotes.json: none is known at build time.
        remotes: {},
        shared: sharedConfig(),
        dts: false,
        manifest: { fileName: 'mf-manifest.json' },
      }),
    ],
    source: {
      entry: { index: './src/index.ts' },
      define: {
        'process.env.VIGIL_APP_VERSION': JSON.stringify(pkg.version),
        'process.env.VIGIL_APP_NAME': JSON.stringify(options.dir),
      },
    },
    html: isHost ? { title: options.title ?? 'Vigil', template: path.join(ROOT, 'shell/index.html') } : undefined,
    output: {
      distPath: { root: distPath },
      // Remotes resolve their chunks against their own manifest URL (versioned paths, CDNs).
      assetPrefix: isHost ? '/' : 'auto',
      cleanDistPath: true,
    },
    performance: { chunkSplit: { strategy: 'split-by-experience' } },
    server: {
      port: options.port,
      strictPort: true,
      headers: { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-cache' },
      ...(isHost && { historyApiFallback: true, proxy: { '/api': 'http://127.0.0.1:8000' } }),
    },
    dev: { assetPrefix: isHost ? '/' : `http://localhost:${options.port}/` },
  });
}
