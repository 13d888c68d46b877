import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { SHARED_SINGLETON_MODULES, singletonShareKey } from './shared/src/federation/singletonModules';

const ROOT = path.dirname(fileURLToPath(import.meta.url));

/**
 * What loads once in the browser, whichever app asks first. React and its sub-path entries
 * are separate share keys (without `react-dom/client` the reconciler is bundled privately).
 * Of Fluent, only the packages that hold cross-app React context and style state are shared
 * (theme, renderer, tabster, provider contexts); component code is bundled per app so nobody
 * downloads all of Fluent up front. The router and @vigil/shared are added by sharedConfig.
 */
export const SHARED_SINGLETONS = [
  'react',
  'react/jsx-runtime',
  'react-dom',
  'react-dom/client',
  '@tanstack/react-query',
  'jotai',
  '@fluentui/react-shared-contexts',
  '@fluentui/react-utilities',
  '@fluentui/react-tabster',
  '@fluentui/react-theme',
  '@griffel/react',
] as const;

/** `react-dom/client` → `react-dom`, `@griffel/react` → `@griffel/react`. */
export const packageOf = (name: string): string =>
  name
    .split('/')
    .slice(0, name.startsWith('@') ? 2 : 1)
    .join('/');

const readPackage = (file: string) => JSON.parse(readFileSync(file, 'utf8')) as { name?: string; version: string };

/**
 * The version of `pkg` the app in `appDir` resolves — Node's resolution from that folder, so
 * an app's own node_modules wins over the workspace's — i.e. the copy its bundle contains and
 * the version it provides or requires at run time. Packages whose `exports` hide their
 * package.json are found from their entry point, walking up to the package.json naming them.
 */
export function resolvedVersion(appDir: string, pkg: string): string {
  const require = createRequire(path.join(appDir, 'package.json'));
  try {
    return readPackage(require.resolve(`${pkg}/package.json`)).version;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ERR_PACKAGE_PATH_NOT_EXPORTED') throw error;
  }
  for (let dir = path.dirname(require.resolve(pkg)); dir !== path.dirname(dir); dir = path.dirname(dir)) {
    const file = path.join(dir, 'package.json');
    if (existsSync(file) && readPackage(file).name === pkg) return readPackage(file).version;
  }
  throw new Error(`${pkg} resolves from ${appDir}, but no package.json names it`);
}

interface SharedEntry {
  singleton: true;
  requiredVersion: string;
  version?: string;
  /** The module provided under the key, when it is not the package itself. */
  import?: string;
  shareKey?: string;
}

/**
 * The `shared` option of the app in `appDir`: every range is `^` of the version that app
 * resolves (never written by hand, so the manifest says what the bundle was built with).
 *
 * A shared module is never tree-shaken (its provider cannot know what the others use), so
 * sharing a package whole makes every page download all of it. Two keys avoid that
 * (`npm run bench:web` measured them: /login 328 → 252 KiB gzip of JS, /actions 378 → 266;
 * with the external runtime):
 * - the router: one react-router (its contexts) for every app, under the key
 *   'react-router-dom' that every app imports, but provided as shared/src/router/reactRouterDom.ts,
 *   the exports the console uses (~15 KiB gzip instead of ~64);
 * - @vigil/shared: only its modules with state or identity are singletons, one key per file
 *   (shared/src/federation/singletonModules.ts); the rest (hooks, components, rules) is
 *   stateless and each app bundles just what it imports (`sideEffects: false` in its package.json).
 *   Its version is `shared`'s package.json version: shared/src/federation/singletonHashes.test.ts
 *   fails when a singleton module changes without a bump of it.
 */
export function sharedConfig(appDir: string): Record<string, SharedEntry> {
  const shared: Record<string, SharedEntry> = {};
  for (const name of SHARED_SINGLETONS) {
    shared[name] = { singleton: true, requiredVersion: `^${resolvedVersion(appDir, packageOf(name))}` };
  }
  const router = resolvedVersion(appDir, 'react-router-dom');
  shared['react-router-dom'] = {
    singleton: true,
    requiredVersion: `^${router}`,
    version: router,
    import: path.join(ROOT, 'shared/src/router/reactRouterDom.ts'),
  };
  const sharedVersion = resolvedVersion(appDir, '@vigil/shared');
  for (const file of SHARED_SINGLETON_MODULES) {
    // An absolute path as the key: it matches the module however it is imported (index or relative).
    const modulePath = path.join(ROOT, 'shared/src', file);
    shared[modulePath] = {
      singleton: true,
      requiredVersion: `^${sharedVersion}`,
      version: sharedVersion,
      import: modulePath,
      shareKey: singletonShareKey(file),
    };
  }
  return shared;
}
