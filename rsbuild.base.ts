import { copyFileSync, existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pluginModuleFederation } from '@module-federation/rsbuild-plugin';
import { defineConfig, type RsbuildConfig } from '@rsbuild/core';
import { pluginReact } from '@rsbuild/plugin-react';
import { sharedConfig } from './rsbuild.federation';
import { pluginPrecompress } from './rsbuild.precompress';
import { containerName, devPorts } from './scripts/apps';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

function portFromEnv(name: string, fallback: number): number {
  const value = process.env[name];
  if (!value) return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 1 || port > 65_530) throw new Error(`${name} must be a port number, not ${value}`);
  return port;
}

/**
 * Dev server ports (`npm run dev`): the shell on `VIGIL_DEV_PORT` (3000), each remote on the port
 * after it in name order (scripts/apps.ts, devPorts), and the API they proxy to on
 * `VIGIL_DEV_API_PORT` (8000). Changeable so a second set of dev servers (e2e/dev.spec.ts) runs
 * beside a developer's.
 */
export const DEV_PORTS: Readonly<Record<string, number>> = devPorts(portFromEnv('VIGIL_DEV_PORT', 3000));
export const DEV_API_URL = `http://127.0.0.1:${portFromEnv('VIGIL_DEV_API_PORT', 8000)}`;

/**
 * A remote's place in the console, when it declares one: `<remote>/vigil-route.json`
 * (`{"path", "module", "label", "icon", "superuserOnly"}`). Its build copies it beside the
 * manifest, and the remotes map serves it as the entry's `route` (docs/console/adding-a-remote.md): the shell
 * shows the page and its menu entry with no rebuild of its own.
 */
export const ROUTE_FILE = 'vigil-route.json';
const routeOf = (dir: string): unknown => {
  const file = path.join(ROOT, dir, ROUTE_FILE);
  return existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : undefined;
};

/** In dev the shell's /remotes.json points at the remotes' dev servers, with the routes they declare. */
const devRemotesMap = () =>
  Object.fromEntries(
    Object.entries(DEV_PORTS)
      .filter(([dir]) => dir !== 'shell')
      .map(([dir, port]) => {
        const entry = `http://localhost:${port}/mf-manifest.json`;
        const route = routeOf(dir);
        return [containerName(dir), route === undefined ? entry : { entry, route }];
      }),
  );

/** Copies the remote's route declaration beside its manifest once it is built. */
const pluginRouteDeclaration = (appDir: string, distPath: string) => ({
  name: 'vigil:route-declaration',
  setup(api: { onAfterBuild: (fn: () => void) => void }) {
    api.onAfterBuild(() => {
      const file = path.join(appDir, ROUTE_FILE);
      if (existsSync(file)) copyFileSync(file, path.join(distPath, ROUTE_FILE));
    });
  },
});

/**
 * Dev only: a DevTools-style hook that remembers React renderers, so each remote's React
 * Refresh runtime (loaded after react-dom registered) finds the shared renderer and hot
 * updates show inside the shell. Without it a remote's edits rebuild but never appear.
 */
const REFRESH_HOOK = `if(!window.__REACT_DEVTOOLS_GLOBAL_HOOK__){var r=new Map(),n=0;window.__REACT_DEVTOOLS_GLOBAL_HOOK__={renderers:r,supportsFiber:true,inject:function(i){n+=1;r.set(n,i);return n},onScheduleFiberRoot:function(){},onCommitFiberRoot:function(){},onCommitFiberUnmount:function(){},onPostCommitFiberRoot:function(){}}}`;

export interface AppOptions {
  /** The app folder, e.g. `remote-alerts`. */
  dir: string;
  /** Module Federation container name: a JS identifier (`remote_alerts`). */
  federationName: string;
  /** Remotes expose pages (`./AlertsPage` → `./src/pages/AlertsPage.tsx`); the shell exposes nothing. */
  exposes?: Record<string, string>;
  title?: string;
}

/**
 * The version an app is built as: its package.json version, or `VIGIL_BUILD_VERSION` for a
 * one-off build of another (a test fixture, a hotfix). The manifest's `buildInfo.buildVersion`,
 * which the console shows in its About dialog, follows it (`MF_BUILD_VERSION`).
 */
export function buildVersion(appDir: string): string {
  const version =
    process.env.VIGIL_BUILD_VERSION || (JSON.parse(readFileSync(path.join(appDir, 'package.json'), 'utf8')) as { version: string }).version;
  if (!/^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/.test(version)) throw new Error(`Not a semantic version: ${version}`);
  process.env.MF_BUILD_VERSION = version;
  return version;
}

/** Where the built console goes: `CONSOLE_DIR` (the folder the API serves), else `dist/`. */
export const consoleDir = (): string =>
  process.env.CONSOLE_DIR && process.env.CONSOLE_DIR !== 'none' ? path.resolve(process.env.CONSOLE_DIR) : path.join(ROOT, 'dist');

/** The one Rsbuild config factory: every app's rsbuild.config.ts calls it. */
export function createAppConfig(options: AppOptions): RsbuildConfig {
  const appDir = path.join(ROOT, options.dir);
  const version = buildVersion(appDir);
  const isHost = !options.exposes;
  const port = DEV_PORTS[options.dir];
  if (!port) throw new Error(`${options.dir} is not a console app: package.json's workspaces do not name it (scripts/apps.ts)`);
  const production = process.env.NODE_ENV !== 'development';
  // Remotes build into a folder named by their own version, so earlier versions stay deployable
  // (only that version's folder is cleaned); `npm run release` chooses which one is live.
  const distPath = isHost ? path.join(consoleDir(), options.dir) : path.join(consoleDir(), options.dir, version);
  return defineConfig({
    root: appDir,
    plugins: [
      pluginReact(),
      // Brotli and gzip copies beside every text asset: servers send them as they are (docs/deploy/images.md).
      pluginPrecompress(),
      ...(isHost ? [] : [pluginRouteDeclaration(appDir, distPath)]),
      pluginModuleFederation({
        name: options.federationName,
        exposes: options.exposes,
        // Remotes are registered at run time from /remotes.json: none is known at build time.
        remotes: {},
        shared: sharedConfig(appDir),
        dts: false,
        manifest: { fileName: 'mf-manifest.json' },
        // One Module Federation runtime on the page, the shell's: a remote entry without its own
        // copy is ~17 KiB gzip smaller. Production only, so a remote's dev server still runs alone;
        // a remote built this way needs a shell built this way.
        ...(production && { experiments: isHost ? { provideExternalRuntime: true } : { externalRuntime: true } }),
        // The host's singletons are the ones every app uses: a shared module the shell first needs
        // after the remotes are registered (react-query, which only the signed-in area loads) is
        // taken from what the shell provides, not found by initialising every registered remote
        // (the default 'version-first' fetches each remote's entry to compare versions).
        ...(isHost && { shareStrategy: 'loaded-first' as const }),
      }),
    ],
    source: {
      entry: { index: './src/index.ts' },
      define: {
        'process.env.VIGIL_APP_VERSION': JSON.stringify(version),
        'process.env.VIGIL_APP_NAME': JSON.stringify(options.dir),
      },
    },
    html: isHost
      ? {
          title: options.title ?? 'Vigil',
          template: path.join(ROOT, 'shell/index.html'),
          tags: process.env.NODE_ENV === 'development' ? [{ tag: 'script', children: REFRESH_HOOK, head: true, append: false }] : [],
        }
      : undefined,
    output: {
      distPath: { root: distPath },
      // Remotes resolve their chunks against their own manifest URL (versioned paths, CDNs).
      assetPrefix: isHost ? '/' : 'auto',
      // A build empties its folder first; a dev server (which writes nothing there) must not:
      // `npm run dev` would otherwise delete the built console that `npm start` and the tests serve.
      cleanDistPath: production,
    },
    performance: { chunkSplit: { strategy: 'split-by-experience' } },
    server: {
      port,
      strictPort: true,
      headers: { 'Access-Control-Allow-Origin': '*', 'Cache-Control': 'no-cache' },
      ...(isHost && {
        historyApiFallback: true,
        proxy: {
          '/api': DEV_API_URL,
          // The vendors' drop-ins at the origin's root: PagerDuty's and Opsgenie's /v2/…, Grafana OnCall's /integrations/v1/….
          '/v2/': DEV_API_URL,
          '/integrations/v1/': DEV_API_URL,
          // The public action pages are remote-actions' standalone page, not the shell's: its dev server serves them.
          ...Object.fromEntries(
            ['/actions/', '/acknowledge/', '/escalate/', '/close/', '/contacts/'].map((p) => [
              p,
              `http://localhost:${DEV_PORTS['remote-actions']}`,
            ]),
          ),
        },
        setup: ({ action, server }) => {
          if (action !== 'dev') return;
          server.middlewares.use('/remotes.json', (_req, res) => {
            res.setHeader('Content-Type', 'application/json');
            res.setHeader('Cache-Control', 'no-cache');
            res.end(JSON.stringify(devRemotesMap()));
          });
        },
      }),
    },
    dev: { assetPrefix: isHost ? '/' : `http://localhost:${port}/` },
  });
}
