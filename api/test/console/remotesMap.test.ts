import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  entryUrl,
  LEGACY_PINS_FILE,
  PINS_FILE,
  ReleaseError,
  ROUTE_FILE,
  readRemotesMap,
  releaseRemote,
  remotesStatus,
} from '../../src/console/remotesMap.js';
import { createTestApp } from '../helpers/testApp.js';

let consoleDir: string;

/** A built remote version: its folder with a manifest, as Rsbuild leaves it. */
async function build(dir: string, version: string) {
  await mkdir(path.join(consoleDir, dir, version), { recursive: true });
  await writeFile(path.join(consoleDir, dir, version, 'mf-manifest.json'), '{}');
}

const release = (remote: string, version: string) => releaseRemote(consoleDir, remote, version);
const pinsFile = () => path.join(consoleDir, PINS_FILE);

beforeEach(async () => {
  consoleDir = await mkdtemp(path.join(tmpdir(), 'vigil-console-'));
  await build('remote-alerts', '1.2.0');
  await build('remote-alerts', '1.10.0');
  await build('remote-alerts', '1.4.0');
  await build('remote-admin', '1.0.0');
  // Not a build: no manifest in it.
  await mkdir(path.join(consoleDir, 'remote-alerts', '9.9.9'));
});

afterEach(() => rm(consoleDir, { recursive: true, force: true }));

describe('the remotes map', () => {
  it('serves the newest build of each remote when nothing is released', async () => {
    expect(await readRemotesMap(consoleDir)).toEqual({
      remote_admin: '/remotes/remote-admin/1.0.0/mf-manifest.json',
      remote_alerts: '/remotes/remote-alerts/1.10.0/mf-manifest.json',
    });
    expect((await remotesStatus(consoleDir)).find((s) => s.dir === 'remote-alerts')).toEqual({
      dir: 'remote-alerts',
      built: ['1.2.0', '1.4.0', '1.10.0'],
      pinned: null,
      live: '1.10.0',
    });
  });

  it('serves a pinned version, and the newest again when the pinned one is gone', async () => {
    await writeFile(pinsFile(), JSON.stringify({ 'remote-alerts': '1.2.0' }));
    expect((await readRemotesMap(consoleDir)).remote_alerts).toBe('/remotes/remote-alerts/1.2.0/mf-manifest.json');
    await rm(path.join(consoleDir, 'remote-alerts', '1.2.0'), { recursive: true });
    expect((await readRemotesMap(consoleDir)).remote_alerts).toBe('/remotes/remote-alerts/1.10.0/mf-manifest.json');
  });

  it('is named for what it holds, not after the map: remote-version-pins.json', () => {
    expect(PINS_FILE).toBe('remote-version-pins.json');
  });

  it('still reads pins a release wrote under the old name (remotes.json), until the next release moves them', async () => {
    const legacy = path.join(consoleDir, LEGACY_PINS_FILE);
    await writeFile(legacy, JSON.stringify({ 'remote-alerts': '1.2.0' }));
    expect((await readRemotesMap(consoleDir)).remote_alerts).toBe('/remotes/remote-alerts/1.2.0/mf-manifest.json');
    await release('admin', '1.0.0');
    expect(JSON.parse(await readFile(pinsFile(), 'utf8'))).toEqual({ 'remote-alerts': '1.2.0', 'remote-admin': '1.0.0' });
    await expect(readFile(legacy)).rejects.toThrow('ENOENT');
  });

  it('refuses a damaged pins file instead of silently serving other versions', async () => {
    await writeFile(pinsFile(), '{"remote-alerts": ');
    await expect(readRemotesMap(consoleDir)).rejects.toThrow('is not valid JSON');
    await writeFile(pinsFile(), '{"remote-alerts": 1}');
    await expect(readRemotesMap(consoleDir)).rejects.toThrow('must map remote folders to versions');
  });
});

describe('releasing a remote', () => {
  it('rolls a remote back and forward, by short or folder name, pinning only that remote', async () => {
    expect(await release('alerts', '1.2.0')).toEqual({ dir: 'remote-alerts', from: '1.10.0', to: '1.2.0' });
    expect(JSON.parse(await readFile(pinsFile(), 'utf8'))).toEqual({ 'remote-alerts': '1.2.0' });
    expect((await readRemotesMap(consoleDir)).remote_alerts).toBe('/remotes/remote-alerts/1.2.0/mf-manifest.json');

    expect(await release('remote-alerts', '1.4.0')).toEqual({ dir: 'remote-alerts', from: '1.2.0', to: '1.4.0' });
    expect(await release('remote_admin', '1.0.0')).toEqual({ dir: 'remote-admin', from: '1.0.0', to: '1.0.0' });
    expect(JSON.parse(await readFile(pinsFile(), 'utf8'))).toEqual({ 'remote-alerts': '1.4.0', 'remote-admin': '1.0.0' });
    // Written through a temporary file renamed over the old one: none is left behind.
    expect((await readdir(consoleDir)).filter((f) => f.endsWith('.tmp'))).toEqual([]);
  });

  it('refuses a version that is not built, listing the built ones, and changes nothing', async () => {
    await release('alerts', '1.4.0');
    const before = await readFile(pinsFile(), 'utf8');
    for (const version of ['9.9.9', '2.0.0', '../remote-admin/1.0.0', '']) {
      const error = await release('alerts', version).catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ReleaseError);
      expect((error as Error).message).toBe(
        `remote-alerts ${version} is not built in ${consoleDir}. Built versions: 1.2.0, 1.4.0, 1.10.0.`,
      );
    }
    expect(await readFile(pinsFile(), 'utf8')).toBe(before);
  });

  it('refuses an unknown remote, naming the known ones', async () => {
    await expect(release('alarms', '1.0.0')).rejects.toThrow(`No built remote named "alarms" in ${consoleDir}. Remotes: admin, alerts.`);
    await expect(readFile(pinsFile())).rejects.toThrow('ENOENT');
  });

  it('refuses to release over a damaged pins file', async () => {
    await writeFile(pinsFile(), 'not json');
    await expect(release('alerts', '1.4.0')).rejects.toThrow('is not valid JSON');
    expect(await readFile(pinsFile(), 'utf8')).toBe('not json');
  });
});

describe('a remote that declares its route', () => {
  const route = { path: 'oncall', module: 'OnCallPage', label: 'On call', icon: 'calendar', superuserOnly: false };

  it('is served as {entry, route}, the route of the live version; the others keep the plain form', async () => {
    await build('remote-oncall', '1.0.0');
    await writeFile(path.join(consoleDir, 'remote-oncall', '1.0.0', ROUTE_FILE), JSON.stringify(route));
    await build('remote-oncall', '1.1.0');
    await writeFile(path.join(consoleDir, 'remote-oncall', '1.1.0', ROUTE_FILE), JSON.stringify({ ...route, label: 'On-call' }));
    const map = await readRemotesMap(consoleDir);
    expect(map.remote_oncall).toEqual({ entry: '/remotes/remote-oncall/1.1.0/mf-manifest.json', route: { ...route, label: 'On-call' } });
    expect(map.remote_alerts).toBe('/remotes/remote-alerts/1.10.0/mf-manifest.json');

    await release('oncall', '1.0.0');
    expect((await readRemotesMap(consoleDir)).remote_oncall).toEqual({ entry: '/remotes/remote-oncall/1.0.0/mf-manifest.json', route });
  });

  it('a damaged route file leaves the plain entry (the remote still loads; it has no menu entry)', async () => {
    await build('remote-oncall', '1.0.0');
    for (const text of ['not json', '[]', '"oncall"']) {
      await writeFile(path.join(consoleDir, 'remote-oncall', '1.0.0', ROUTE_FILE), text);
      expect((await readRemotesMap(consoleDir)).remote_oncall).toBe('/remotes/remote-oncall/1.0.0/mf-manifest.json');
    }
  });

  it('entryUrl reads either form', () => {
    expect(entryUrl('/remotes/a/1.0.0/mf-manifest.json')).toBe('/remotes/a/1.0.0/mf-manifest.json');
    expect(entryUrl({ entry: '/remotes/a/1.0.0/mf-manifest.json', route })).toBe('/remotes/a/1.0.0/mf-manifest.json');
    for (const bad of [undefined, null, 3, [], {}, { entry: 3 }]) expect(entryUrl(bad)).toBeUndefined();
  });
});

describe('GET /remotes.json', () => {
  it('is read afresh on every request, served no-cache: a release shows without a restart', async () => {
    await mkdir(path.join(consoleDir, 'shell'));
    await writeFile(path.join(consoleDir, 'shell', 'index.html'), '<!doctype html>');
    const { app, close } = await createTestApp({ consoleDir });
    try {
      const first = await app.inject('/remotes.json');
      expect(first.headers['cache-control']).toBe('no-cache');
      expect(first.json().remote_alerts).toBe('/remotes/remote-alerts/1.10.0/mf-manifest.json');

      await release('alerts', '1.2.0');
      expect((await app.inject('/remotes.json')).json().remote_alerts).toBe('/remotes/remote-alerts/1.2.0/mf-manifest.json');

      await build('remote-alerts', '1.11.0');
      await build('remote-settings', '1.0.0');
      const later = (await app.inject('/remotes.json')).json();
      expect(later.remote_alerts, 'a new build does not replace a released version').toBe('/remotes/remote-alerts/1.2.0/mf-manifest.json');
      expect(later.remote_settings, 'a remote never released follows its newest build').toBe(
        '/remotes/remote-settings/1.0.0/mf-manifest.json',
      );
    } finally {
      await close();
    }
  });
});
