import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { publishedActionsPageDir } from '../../src/console/publicActionsPage.js';

// Behind the compose gateway the API finds the public page (and its server renderer beside it)
// in remote-actions' published versions, at the version the gateway's remotes map names.

let root: string;
let dirs: { remoteActionsDir: string; remotesMapDir: string };
const manifest = (version: string) => `/remotes/remote-actions/${version}/mf-manifest.json`;
const writeMap = (name: string, map: unknown) =>
  writeFile(path.join(dirs.remotesMapDir, name), typeof map === 'string' ? map : JSON.stringify(map));

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'vigil-published-'));
  dirs = { remoteActionsDir: path.join(root, 'remote-actions'), remotesMapDir: path.join(root, 'remotes-map') };
  await mkdir(dirs.remotesMapDir, { recursive: true });
  for (const version of ['1.0.0', '1.1.0']) {
    await mkdir(path.join(dirs.remoteActionsDir, version, 'page'), { recursive: true });
    await writeFile(path.join(dirs.remoteActionsDir, version, 'page', 'index.html'), version);
  }
  // A version from before the standalone page.
  await mkdir(path.join(dirs.remoteActionsDir, '0.9.0'), { recursive: true });
  await writeMap('default.json', { remote_alerts: '/remotes/remote-alerts/1.0.0/mf-manifest.json', remote_actions: manifest('1.0.0') });
});

afterEach(() => rm(root, { recursive: true, force: true }));

describe('the public page behind the gateway', () => {
  it("is the page of the version the map names: live.json (a release's), else default.json", async () => {
    expect(await publishedActionsPageDir(dirs)).toBe(path.join(dirs.remoteActionsDir, '1.0.0', 'page'));
    await writeMap('live.json', { remote_actions: manifest('1.1.0') });
    expect(await publishedActionsPageDir(dirs)).toBe(path.join(dirs.remoteActionsDir, '1.1.0', 'page'));
  });

  it('is none for a version without a page, a version not published, a damaged map, or a map naming a path', async () => {
    for (const map of [
      { remote_actions: manifest('0.9.0') },
      { remote_actions: manifest('2.0.0') },
      { remote_alerts: manifest('1.0.0') },
      '{"remote_actions": ',
      { remote_actions: '/remotes/remote-actions/../remote-actions/1.0.0/mf-manifest.json' },
      { remote_actions: '/remotes/remote-actions/%2e%2e/mf-manifest.json' },
      { remote_actions: 42 },
    ]) {
      await writeMap('live.json', map);
      expect(await publishedActionsPageDir(dirs), JSON.stringify(map)).toBeUndefined();
    }
  });
});
