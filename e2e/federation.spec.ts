import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { APIRequestContext, Page, Route } from '@playwright/test';
import { expect, signIn, test } from './fixtures';

// Module Federation as the browser lives it: shared singletons negotiated once for every
// app, and a remote that is down or hangs failing alone, in its own area, with a Retry.

/** The shell's build manifest: the share keys the shell provides (read from the built product the server serves). */
const consoleDir = process.env.CONSOLE_DIR ?? path.join(process.cwd(), 'dist');
const shellManifest = JSON.parse(readFileSync(path.join(consoleDir, 'shell/mf-manifest.json'), 'utf8')) as Manifest;

interface Manifest {
  name: string;
  shared: { name: string; version: string; singleton?: boolean; assets: { js: { sync: string[]; async: string[] } } }[];
  exposes: { name: string; assets: { js: { sync: string[]; async: string[] } } }[];
}

/** Remote pages reached through the side menu, with the `<h1>` each shows when it rendered. */
const MENU_REMOTES = [
  { link: 'Integrations', heading: 'Integrations', container: 'remote_integrations' },
  { link: 'Alerts', heading: 'Alerts', container: 'remote_alerts' },
  { link: 'User Settings', heading: 'User Settings', container: 'remote_settings' },
  { link: 'Admin', heading: 'Users Management', container: 'remote_admin' },
] as const;

/** What every shared key looks like in the page's Module Federation runtime. */
interface ShareView {
  instances: string[];
  scopes: Record<string, Record<string, { version: string; from: string; loaded: boolean; useIn: string[] }[]>>;
}

/** Reads the runtime's global state (`@module-federation/runtime-core` keeps it on `globalThis.__FEDERATION__`). */
const readShareScope = (page: Page) =>
  page.evaluate((): ShareView => {
    type Shared = { from: string; loaded?: boolean; lib?: unknown; useIn?: string[] };
    const federation = (
      globalThis as unknown as {
        __FEDERATION__: {
          __INSTANCES__: { name: string }[];
          __SHARE__: Record<string, Record<string, Record<string, Record<string, Shared>>>>;
        };
      }
    ).__FEDERATION__;
    const scopes: ShareView['scopes'] = {};
    for (const [instance, scopeMap] of Object.entries(federation.__SHARE__)) {
      for (const [pkg, versions] of Object.entries(scopeMap.default ?? {})) {
        scopes[instance] ??= {};
        scopes[instance][pkg] = Object.entries(versions).map(([version, s]) => ({
          version,
          from: s.from,
          loaded: Boolean(s.loaded) || typeof s.lib === 'function',
          useIn: [...(s.useIn ?? [])],
        }));
      }
    }
    return { instances: federation.__INSTANCES__.map((i) => i.name), scopes };
  });

/** `shareKey` → the module id of the copy an app would run if the share scope gave it none. */
interface SharedCopies {
  /** The app's chunk-loading global: every chunk it fetched is pushed there as `[ids, modules]`. */
  chunkGlobal: string;
  modules: Record<string, string[]>;
}

/**
 * Reads an app's entry script for its shared modules' own copies: `kind` 'fallback' (a remote
 * consuming a singleton) or 'factory' (an app providing one). Rspack writes them as
 * `shareKey:"react",…fallback:()=>…then(()=>()=>__webpack_require__("id"))`.
 */
function sharedCopies(entrySource: string, kind: 'fallback' | 'factory'): SharedCopies {
  const chunkGlobal = /self\.(chunk_\w+)/.exec(entrySource)?.[1];
  expect(chunkGlobal, 'the entry names its chunk-loading global').toBeDefined();
  const key = kind === 'fallback' ? 'shareKey' : 'name';
  const pattern = new RegExp(
    `${key}:"([^"]+)",[^{}]*?${kind}:\\(\\)=>[^{}]*?\\.then\\(\\(\\)=>\\(\\)=>__webpack_require__\\(("?)([\\w$]+)\\2\\)\\)`,
    'g',
  );
  const modules: Record<string, string[]> = {};
  for (const [, key, , id] of entrySource.matchAll(pattern)) modules[key!] = [...(modules[key!] ?? []), id!];
  return { chunkGlobal: chunkGlobal!, modules };
}

/** Ids of every module the app's fetched chunks brought into the page. */
const loadedModuleIds = (page: Page, chunkGlobal: string) =>
  page.evaluate(
    (name) =>
      ((globalThis as unknown as Record<string, [unknown, Record<string, unknown>][]>)[name] ?? []).flatMap(([, modules]) =>
        Object.keys(modules),
      ),
    chunkGlobal,
  );

/** A remotes map entry: the manifest URL, or {entry, route} for a remote that declares its page (docs/console/adding-a-remote.md). */
type RemotesMapEntry = string | { entry: string };
const entryOf = (value: RemotesMapEntry) => (typeof value === 'string' ? value : value.entry);

/** Each remote's own copies of the shared libraries, from its entry script (named by its manifest). */
async function remotesSharedCopies(request: APIRequestContext): Promise<Map<string, SharedCopies>> {
  const remotes = (await (await request.get('/remotes.json')).json()) as Record<string, RemotesMapEntry>;
  const copies = new Map<string, SharedCopies>();
  for (const [name, value] of Object.entries(remotes)) {
    const manifestUrl = entryOf(value);
    const manifest = (await (await request.get(manifestUrl)).json()) as Manifest & {
      metaData: { remoteEntry: { name: string; path: string } };
    };
    const { path: dir, name: file } = manifest.metaData.remoteEntry;
    const entryUrl = new URL([dir, file].filter(Boolean).join('/'), new URL(manifestUrl, 'http://x/')).pathname;
    copies.set(name, sharedCopies(await (await request.get(entryUrl)).text(), 'fallback'));
  }
  return copies;
}

test('shared singletons load once, from the shell, however many remotes a page session visits', async ({ page, api, request }) => {
  const admin = await api.admin();
  const fetched: string[] = [];
  page.on('request', (r) => fetched.push(new URL(r.url()).pathname));

  await signIn(page, admin, '/');
  const main = page.getByRole('main');
  const menu = page.getByRole('complementary', { name: 'Side menu' });
  for (const { link, heading } of MENU_REMOTES) {
    await menu.getByRole('link', { name: link }).click();
    await expect(main.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  }
  // (The public action pages are not the shell's: remote-actions serves them as a page of its own, e2e/actions.spec.ts.)
  await page.waitForLoadState('networkidle');

  const view = await readShareScope(page);
  // One runtime instance per app, each loaded once.
  const containers = MENU_REMOTES.map((r) => r.container);
  expect(view.instances).toContain(shellManifest.name);
  for (const name of containers) expect(view.instances.filter((i) => i === name)).toHaveLength(1);

  // One federation runtime, the shell's, whose version the compatibility guard compares with
  // the minor line of the plugin that built each remote (shell/src/remotes/compatibility.ts).
  const runtimeVersions = await page.evaluate(() =>
    (globalThis as unknown as { __FEDERATION__: { __INSTANCES__: { version?: string }[] } }).__FEDERATION__.__INSTANCES__.map(
      (i) => i.version,
    ),
  );
  expect(new Set(runtimeVersions).size).toBe(1);
  const runtimeMinor = runtimeVersions[0]?.split('.').slice(0, 2).join('.');
  expect(runtimeMinor).toMatch(/^\d+\.\d+$/);
  const remotesMap = (await (await request.get('/remotes.json')).json()) as Record<string, RemotesMapEntry>;
  for (const name of containers) {
    const manifest = (await (await request.get(entryOf(remotesMap[name]!))).json()) as { metaData: { pluginVersion: string } };
    expect(manifest.metaData.pluginVersion.split('.').slice(0, 2).join('.'), `${name} was built by the runtime line the shell runs`).toBe(
      runtimeMinor,
    );
  }

  // The keys the brief names are all shared (the shell's build says so) …
  const sharedKeys = shellManifest.shared.map((s) => s.name);
  for (const key of [
    'react',
    'react-dom',
    'react-router-dom', // the one react-router, as the curated shared/src/router/reactRouterDom.ts
    '@tanstack/react-query',
    'jotai',
    '@vigil/shared/api/api', // @vigil/shared's stateful modules, one key each
    '@vigil/shared/api/errors',
    '@vigil/shared/session/token',
    '@vigil/shared/theme/themeAtom',
    '@fluentui/react-shared-contexts',
    '@fluentui/react-tabster',
    '@fluentui/react-theme',
    '@griffel/react',
  ]) {
    expect(sharedKeys, `${key} is a shared singleton`).toContain(key);
  }

  // … and in every app's view of the share scope, each one has a single version, loaded once, from the shell.
  for (const [instance, scope] of Object.entries(view.scopes)) {
    for (const key of sharedKeys) {
      const versions = scope[key];
      expect(versions, `${instance}: ${key} is in the share scope`).toBeDefined();
      expect(
        versions!.map((v) => v.version),
        `${instance}: one version of ${key}`,
      ).toHaveLength(1);
      const [only] = versions!;
      expect(only!.loaded, `${instance}: ${key} is loaded`).toBe(true);
      expect(only!.from, `${instance}: ${key} comes from the shell`).toBe(shellManifest.name);
    }
  }
  // The remotes took React from the scope (the runtime records who used each shared module).
  // Share scopes are keyed by instance id, `name:version`.
  const shellScope = Object.entries(view.scopes).find(([id]) => id.split(':')[0] === shellManifest.name)?.[1];
  expect(shellScope, 'the shell has a share scope').toBeDefined();
  const react = shellScope!.react![0]!;
  for (const name of containers) expect(react.useIn, `${name} used the shared react`).toContain(name);

  // No remote ran its own copy of a shared library: none of the chunks a remote fetched holds
  // the module of its fallback copy. The shell's own chunks, which provide them, do (the
  // control that this detection sees a copy when there is one).
  const shellEntry = readdirSync(path.join(consoleDir, 'shell/static/js')).find((f) => /^index\..*\.js$/.test(f));
  const shellCopies = sharedCopies(readFileSync(path.join(consoleDir, 'shell/static/js', shellEntry!), 'utf8'), 'factory');
  const shellLoaded = new Set(await loadedModuleIds(page, shellCopies.chunkGlobal));
  for (const key of sharedKeys) {
    expect(
      shellCopies.modules[key]?.some((id) => shellLoaded.has(id)),
      `the shell's copy of ${key} was loaded`,
    ).toBe(true);
  }
  for (const [remote, copies] of await remotesSharedCopies(request)) {
    // Whatever a remote imports of the shared libraries goes through the share scope.
    expect(Object.keys(copies.modules), `${remote} consumes react from the share scope`).toContain('react');
    for (const key of Object.keys(copies.modules)) expect(sharedKeys, `${remote} consumes ${key}`).toContain(key);
    const loaded = new Set(await loadedModuleIds(page, copies.chunkGlobal));
    const ownCopies = Object.entries(copies.modules).filter(([, ids]) => ids.some((id) => loaded.has(id)));
    expect(
      ownCopies.map(([key]) => key),
      `${remote} fetched its own copy of`,
    ).toEqual([]);
  }
  // And each visited remote's entry was fetched once.
  for (const dir of containers.map((name) => name.replaceAll('_', '-'))) {
    expect(
      fetched.filter((p) => p.startsWith(`/remotes/${dir}/`) && p.endsWith('/mf-manifest.json')),
      `${dir} manifest`,
    ).toHaveLength(1);
  }
});

test('a page inside the layout downloads its own remote and no other', async ({ page, api }) => {
  const user = await api.createUser();
  const remotesFetched = new Set<string>();
  page.on('request', (r) => {
    const remote = /^\/remotes\/(remote-[a-z]+)\//.exec(new URL(r.url()).pathname)?.[1];
    if (remote) remotesFetched.add(remote);
  });
  // The alerts page holds its live change stream open, so the network would never go idle: cut it here.
  await page.route('**/api/v1/alert/changes', (route) => route.abort());
  await signIn(page, user, '/alerts');
  await expect(page.getByRole('main').getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  expect([...remotesFetched]).toEqual(['remote-alerts']);
});

const ALERTS_MANIFEST = '**/remotes/remote-alerts/*/mf-manifest.json';

/**
 * On /alerts with the alerts remote broken: the failure stays in its area, the rest works, and
 * Retry recovers once `restore` has repaired it. `waitForFailure` lets time pass (a hang).
 */
async function expectIsolatedFailureAndRetry(page: Page, restore: () => Promise<void>, waitForFailure = async () => {}) {
  const main = page.getByRole('main');
  const menu = page.getByRole('complementary', { name: 'Side menu' });
  const retry = main.getByRole('button', { name: 'Retry' });
  await waitForFailure();
  await expect(retry).toBeVisible();
  await expect(main.getByRole('alert')).toContainText('could not be loaded');

  // The layout and the other remotes keep working.
  await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await menu.getByRole('link', { name: 'Integrations' }).click();
  await expect(main.getByRole('heading', { level: 1, name: 'Integrations' })).toBeVisible();
  await expect(retry).toHaveCount(0);
  await menu.getByRole('link', { name: 'Alerts' }).click();
  await waitForFailure();
  await expect(retry).toBeVisible();

  // Back up: Retry loads it, in place.
  await restore();
  await retry.click();
  await expect(main.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
  await expect(retry).toHaveCount(0);
  await expect(page).toHaveURL('/alerts');
}

for (const failure of ['404', 'connection refused'] as const) {
  test(`a remote that is down (${failure}) shows Retry in its own area, the rest keeps working, Retry recovers`, async ({ page, api }) => {
    const user = await api.createUser();
    const down = (route: Route) =>
      failure === '404' ? route.fulfill({ status: 404, body: 'Not Found' }) : route.abort('connectionrefused');
    await page.route(ALERTS_MANIFEST, down);
    await signIn(page, user, '/alerts');
    await expectIsolatedFailureAndRetry(page, () => page.unroute(ALERTS_MANIFEST, down));
  });
}

test('a remote that never answers times out into Retry, the rest keeps working, Retry recovers', async ({ page, api }) => {
  const user = await api.createUser();
  // Never answered: the request stays pending until the page closes.
  const hang = () => undefined;
  await page.route(ALERTS_MANIFEST, hang);
  // The shell gives a remote 10 s before it shows the error: the page's clock skips them.
  await page.clock.install();
  await signIn(page, user, '/alerts');
  const skipTheWait = async () => {
    await expect(page.getByRole('main').getByText('Loading Alerts…')).toBeVisible();
    await page.clock.fastForward('00:11');
  };
  await expectIsolatedFailureAndRetry(page, () => page.unroute(ALERTS_MANIFEST, hang), skipTheWait);
});

test('a remotes map that cannot be read shows Retry in the page area, the layout keeps working, Retry recovers', async ({ page, api }) => {
  const user = await api.createUser();
  // Every remote page's route comes from the map: without it, /alerts is not known yet (nor a 404).
  const down = (route: Route) => route.fulfill({ status: 503, body: 'Service Unavailable' });
  await page.route('**/remotes.json', down);
  await signIn(page, user, '/alerts');
  const main = page.getByRole('main');
  const menu = page.getByRole('complementary', { name: 'Side menu' });
  await expect(main.getByRole('alert')).toContainText('This page could not be loaded');
  await expect(main.getByRole('alert')).toContainText("The list of the console's pages could not be read. The rest keeps working.");
  await expect(menu.getByRole('link', { name: 'Dashboard' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Alerts' })).toHaveCount(0);

  await page.unroute('**/remotes.json', down);
  await main.getByRole('button', { name: 'Retry' }).click();
  await expect(main.getByRole('heading', { level: 1, name: 'Alerts' })).toBeVisible();
  await expect(menu.getByRole('link', { name: 'Integrations' })).toBeVisible();
  await expect(page).toHaveURL('/alerts');
});
