import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { consoleApps, containerName, devPorts, REMOTE_FOLDER, ROOT, remoteApps, workspaceFolders } from './apps.ts';

/** A workspace root with these workspaces and these folders (each with a package.json unless it ends with `!`). */
function workspace(workspaces: string[], folders: string[]): string {
  const root = mkdtempSync(path.join(tmpdir(), 'vigil-apps-'));
  writeFileSync(path.join(root, 'package.json'), JSON.stringify({ name: 'x', workspaces }));
  for (const folder of folders) {
    const name = folder.replace(/!$/, '');
    mkdirSync(path.join(root, name));
    if (!folder.endsWith('!')) writeFileSync(path.join(root, name, 'package.json'), '{}');
  }
  roots.push(root);
  return root;
}
const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('the console apps, read from the workspaces', () => {
  it('expands remote-* to the folders holding a package.json, sorted, with the shell first', () => {
    const root = workspace(
      ['shared', 'api', 'shell', 'remote-*'],
      ['shared', 'api', 'shell', 'remote-zeta', 'remote-alpha', 'remote-draft!', 'notes'],
    );
    writeFileSync(path.join(root, 'remote-file.txt'), 'not a folder');
    expect(workspaceFolders(root)).toEqual(['api', 'remote-alpha', 'remote-zeta', 'shared', 'shell']);
    expect(remoteApps(root)).toEqual(['remote-alpha', 'remote-zeta']);
    expect(consoleApps(root)).toEqual(['shell', 'remote-alpha', 'remote-zeta']);
  });

  it('gives the shell the base port and each remote the next one in name order: a new remote shifts those after it', () => {
    const root = workspace(['shell', 'remote-*'], ['shell', 'remote-alerts', 'remote-settings']);
    expect(devPorts(3000, root)).toEqual({ shell: 3000, 'remote-alerts': 3001, 'remote-settings': 3002 });
    mkdirSync(path.join(root, 'remote-billing'));
    writeFileSync(path.join(root, 'remote-billing/package.json'), '{}');
    expect(devPorts(4100, root)).toEqual({ shell: 4100, 'remote-alerts': 4101, 'remote-billing': 4102, 'remote-settings': 4103 });
  });

  it('refuses a workspace pattern below the root, which the apps would not be found in', () => {
    const root = workspace(['packages/*'], []);
    expect(() => workspaceFolders(root)).toThrow('workspace "packages/*": only folders beside package.json are supported');
  });

  it('names containers and remote folders as Module Federation and the gateway need them', () => {
    expect(containerName('remote-on-call')).toBe('remote_on_call');
    for (const ok of ['remote-alerts', 'remote-on-call', 'remote-v2']) expect(REMOTE_FOLDER.test(ok), ok).toBe(true);
    for (const bad of ['remote-', 'remote-On', 'remote-2fa', 'remote--x', 'remote-x-', 'remote-a.b', 'shell']) {
      expect(REMOTE_FOLDER.test(bad), bad).toBe(false);
    }
  });
});

describe('this repository', () => {
  const rootPackage = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8'));

  it('names its remotes by the glob, so adding one edits no list', () => {
    expect(rootPackage.workspaces).toEqual(['shared', 'api', 'shell', 'remote-*']);
    expect(rootPackage.scripts['build:console']).toBe('node scripts/build.mjs --console');
  });

  it('has exactly the apps that build with the Rsbuild factory', () => {
    const withConfig = readdirSync(ROOT).filter((dir) => existsSync(path.join(ROOT, dir, 'rsbuild.config.ts')));
    expect([...consoleApps()].sort()).toEqual(withConfig.sort());
    for (const remote of remoteApps()) expect(REMOTE_FOLDER.test(remote), remote).toBe(true);
  });

  it('locks every workspace, so npm ci (the images, CI) accepts the lockfile: run npm install after adding a remote', () => {
    const lock = JSON.parse(readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'));
    expect(lock.packages[''].workspaces).toEqual(rootPackage.workspaces);
    for (const folder of workspaceFolders()) {
      const { name } = JSON.parse(readFileSync(path.join(ROOT, folder, 'package.json'), 'utf8'));
      expect(lock.packages[folder]?.name, `package-lock.json has no ${folder}`).toBe(name);
      expect(lock.packages[`node_modules/${name}`], `package-lock.json does not link ${name}`).toEqual({ resolved: folder, link: true });
    }
  });
});
