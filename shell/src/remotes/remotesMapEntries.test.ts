import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { consoleApps, containerName } from '../../../scripts/apps';
import { parseRemotesMap } from './remotesMapEntries';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const readJson = (file: string) => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8'));

const ONCALL = '/remotes/remote-oncall/1.0.0/mf-manifest.json';
const route = { path: 'oncall', module: 'OnCallPage', label: 'On call', icon: 'calendar', superuserOnly: false };

describe('parseRemotesMap', () => {
  it('reads the plain form (name → manifest URL) as before, with no routes', () => {
    const parsed = parseRemotesMap({
      remote_alerts: '/remotes/remote-alerts/1.0.0/mf-manifest.json',
      remote_x: 'https://cdn.example.org/x/mf-manifest.json',
    });
    expect(parsed).toEqual({
      entries: { remote_alerts: '/remotes/remote-alerts/1.0.0/mf-manifest.json', remote_x: 'https://cdn.example.org/x/mf-manifest.json' },
      routes: [],
      problems: [],
    });
  });

  it('reads the object form: its entry, and the route it declares', () => {
    const parsed = parseRemotesMap({ remote_oncall: { entry: ONCALL, route } });
    expect(parsed.entries).toEqual({ remote_oncall: ONCALL });
    expect(parsed.routes).toEqual([{ remote: 'remote_oncall', ...route, order: 50 }]);
    expect(parsed.problems).toEqual([]);
  });

  it('an object without a route is an entry only; an unknown icon gets the default, order 50, superuserOnly false', () => {
    expect(parseRemotesMap({ remote_a: { entry: ONCALL } })).toEqual({ entries: { remote_a: ONCALL }, routes: [], problems: [] });
    const parsed = parseRemotesMap({ remote_a: { entry: ONCALL, route: { path: 'a', module: 'APage', label: ' A ', icon: 'rocket' } } });
    expect(parsed.routes).toEqual([
      { remote: 'remote_a', path: 'a', module: 'APage', label: 'A', icon: 'apps', order: 50, superuserOnly: false },
    ]);
  });

  it('ignores a bad entry, naming why, and keeps the others', () => {
    const parsed = parseRemotesMap({
      'not-an-identifier': ONCALL,
      remote_number: 42,
      remote_scheme: 'javascript:alert(1)',
      remote_protocol_relative: '//evil.example.org/mf-manifest.json',
      remote_no_entry: { route },
      remote_ok: ONCALL,
    });
    expect(parsed.entries).toEqual({ remote_ok: ONCALL });
    expect(parsed.problems).toEqual([
      '"not-an-identifier" is not a container name (a JS identifier such as remote_oncall)',
      'remote_number: its entry must be a manifest URL (a string, or {"entry": "…"})',
      'remote_scheme: its entry must be a manifest URL (a string, or {"entry": "…"})',
      'remote_protocol_relative: its entry must be a manifest URL (a string, or {"entry": "…"})',
      'remote_no_entry: its entry must be a manifest URL (a string, or {"entry": "…"})',
    ]);
  });

  it('keeps the entry of a remote whose route is bad, without the route', () => {
    const bad = (r: unknown) => parseRemotesMap({ remote_a: { entry: ONCALL, route: r } });
    expect(bad('oncall').problems).toEqual(['remote_a: "route" must be an object']);
    expect(bad({ ...route, path: 'on/call' }).problems).toEqual([
      'remote_a: route.path must be one lowercase path segment (letters, digits, -), not "on/call"',
    ]);
    expect(bad({ ...route, path: '../admin' }).routes).toEqual([]);
    expect(bad({ ...route, module: './OnCallPage' }).problems).toEqual([
      'remote_a: route.module must name an exposed module, e.g. "OnCallPage"',
    ]);
    expect(bad({ ...route, label: '' }).problems).toEqual(['remote_a: route.label must be 1–40 characters']);
    expect(bad({ ...route, label: 'x'.repeat(41) }).problems).toEqual(['remote_a: route.label must be 1–40 characters']);
    expect(bad({ ...route, superuserOnly: 'yes' }).problems).toEqual(['remote_a: route.superuserOnly must be true or false']);
    expect(bad({ ...route, icon: 3 }).problems).toEqual(['remote_a: route.icon must be a string']);
    for (const order of [-1, 101, 2.5, '10', null])
      expect(bad({ ...route, order }).problems, String(order)).toEqual(['remote_a: route.order must be a whole number from 0 to 100']);
    for (const r of ['oncall', { ...route, label: '' }]) expect(bad(r).entries).toEqual({ remote_a: ONCALL });
  });

  it('refuses a path the console or an earlier remote has taken', () => {
    const parsed = parseRemotesMap({
      remote_a: { entry: ONCALL, route: { ...route, path: 'actions' } },
      remote_b: { entry: ONCALL, route: { ...route, path: 'api' } },
      remote_c: { entry: ONCALL, route },
      remote_d: { entry: ONCALL, route: { ...route, label: 'Also on call' } },
      remote_e: { entry: ONCALL, route: { ...route, path: 'login' } },
    });
    expect(parsed.routes.map((r) => r.remote)).toEqual(['remote_c']);
    expect(parsed.problems).toEqual([
      'remote_a: route.path "actions" is taken by the console or another remote',
      'remote_b: route.path "api" is taken by the console or another remote',
      'remote_d: route.path "oncall" is taken by the console or another remote',
      'remote_e: route.path "login" is taken by the console or another remote',
    ]);
    expect(Object.keys(parsed.entries)).toEqual(['remote_a', 'remote_b', 'remote_c', 'remote_d', 'remote_e']);
  });

  it('lists the routes in menu order: by order, then as the map has them', () => {
    const at = (path: string, order?: number) => ({ entry: ONCALL, route: { ...route, path, ...(order === undefined ? {} : { order }) } });
    const parsed = parseRemotesMap({
      remote_z: at('z', 100),
      remote_b: at('b'),
      remote_a: at('a'),
      remote_y: at('y', 0),
      remote_m: at('m', 50),
    });
    expect(parsed.routes.map((r) => `${r.path} ${r.order}`)).toEqual(['y 0', 'b 50', 'a 50', 'm 50', 'z 100']);
  });
  it('a map that is not an object gives nothing, and says so', () => {
    for (const raw of [null, [], 'x', 3])
      expect(parseRemotesMap(raw)).toEqual({ entries: {}, routes: [], problems: ['the remotes map must be a JSON object'] });
  });
});

describe("the console's remotes: each declares its page in its vigil-route.json", () => {
  // The one way a remote page joins the console: the shell names none (routes.tsx, NavMenu.tsx).
  const declared = Object.fromEntries(
    consoleApps(ROOT)
      .filter((app) => existsSync(path.join(ROOT, app, 'vigil-route.json')))
      .map((app) => [containerName(app), { entry: `/remotes/${app}/1.0.0/mf-manifest.json`, route: readJson(`${app}/vigil-route.json`) }]),
  );

  it('as valid routes, in the menu order of docs/product.md §2: Admin, for superusers, last', () => {
    const parsed = parseRemotesMap(declared);
    expect(parsed.problems).toEqual([]);
    expect(parsed.routes.map((r) => [r.path, r.label, r.superuserOnly])).toEqual([
      ['integrations', 'Integrations', false],
      ['alerts', 'Alerts', false],
      ['settings', 'User Settings', false],
      ['oncall', 'On call', false],
      ['teams', 'Teams', false],
      ['admin', 'Admin', true],
    ]);
  });

  it('each exposing the page it names', () => {
    for (const [name, { route: r }] of Object.entries(declared)) {
      const config = readFileSync(path.join(ROOT, name.replaceAll('_', '-'), 'rsbuild.config.ts'), 'utf8');
      expect(config, name).toContain(`'./${r.module}': './src/pages/${r.module}.tsx'`);
    }
  });

  it('while the shell names no remote and no remote page', () => {
    const sources = readdirSync(path.join(ROOT, 'shell/src'), { recursive: true, encoding: 'utf8' }).filter(
      // The map's parser gives an example remote in its messages.
      (file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && file !== path.join('remotes', 'remotesMapEntries.ts'),
    );
    for (const file of sources) {
      // Code only: comments may give examples.
      const text = readFileSync(path.join(ROOT, 'shell/src', file), 'utf8')
        .replace(/\/\*[\s\S]*?\*\//g, '')
        .replace(/(^|[^:])\/\/.*$/gm, '$1');
      expect(text.match(/\bremote_[a-z]+|\b(?:Alerts|Integrations|Settings|Admin|OnCall)Page\b/g), file).toBeNull();
    }
  });
});
