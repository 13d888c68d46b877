import { readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type ReleaseProject, releaseProject } from './helpers/releaseProject.js';
import { REMOTES, readText, remotesMap, versionOf, versionVariable } from './helpers/repo.js';

// deploy/release.sh on a copy of its files, with a stand-in for the Docker CLI: what it asks
// Compose to do, and what it changes (.env and the map the gateway serves). gateway.test.ts
// shows the real gateway serving the map it writes.

const DEFAULTS = Object.fromEntries(REMOTES.map((r) => [r, versionOf(r)]));
const UP_ALERTS = 'compose up -d --no-deps --wait remote-alerts';

let project: ReleaseProject;
beforeEach(async () => {
  project = await releaseProject();
});
afterEach(async () => project.remove());

/** The VIGIL_REMOTE_*_VERSION lines of .env. */
const pins = async () => (await project.readEnv()).split('\n').filter((line) => /^VIGIL_REMOTE_\w+_VERSION=/.test(line));

describe('deploy/release.sh <remote> <version>', () => {
  it('starts the remote on that version and waits for its health, then pins every version in .env and switches the map', async () => {
    const run = project.release(['alerts', '1.1.0']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(`remote-alerts: ${versionOf('remote-alerts')} → 1.1.0`);
    // One service, its version given for this command only: nothing else is touched.
    const calls = await project.dockerCalls();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toBe(`${UP_ALERTS} | VIGIL_REMOTE_ALERTS_VERSION=1.1.0 `);
    expect(await project.liveMap()).toEqual(remotesMap({ ...DEFAULTS, 'remote-alerts': '1.1.0' }));
    expect(await pins()).toEqual(REMOTES.map((r) => `${versionVariable(r)}=${r === 'remote-alerts' ? '1.1.0' : DEFAULTS[r]}`));
    // The rest of .env is kept, and stays private.
    expect(await project.readEnv()).toContain(
      readText('deploy/env.example')
        .split('\n')
        .find((l) => l.startsWith('SECRET_KEY=')),
    );
    expect((await stat(path.join(project.dir, '.env'))).mode & 0o777).toBe(0o600);
    expect((await stat(path.join(project.mapDir, 'live.json'))).mode & 0o777).toBe(0o644);
  });

  it('releases a remote whose name has digits, as the scaffold allows (remote-v2), its route kept', async () => {
    const file = path.join(project.mapDir, 'default.json');
    const line =
      '  "remote_v2": {"entry": "/remotes/remote-v2/1.0.0/mf-manifest.json", "route": {"path": "v2-reports", "module": "V2Page", "label": "V2"}}';
    await writeFile(file, (await readFile(file, 'utf8')).replace(/\n\}\s*$/, `,\n${line}\n}\n`));
    const run = project.release(['v2', '1.3.0']);
    expect(run.status, run.stderr).toBe(0);
    expect((await project.dockerCalls())[0]).toBe('compose up -d --no-deps --wait remote-v2 | VIGIL_REMOTE_V2_VERSION=1.3.0 ');
    expect((await project.liveMap())?.remote_v2).toEqual({
      entry: '/remotes/remote-v2/1.3.0/mf-manifest.json',
      route: { path: 'v2-reports', module: 'V2Page', label: 'V2' },
    });
    expect(await pins()).toContain('VIGIL_REMOTE_V2_VERSION=1.3.0');
  });

  it('rolls back the same way, keeping the other remotes where they were', async () => {
    expect(project.release(['remote-admin', '1.2.0']).status).toBe(0);
    expect(project.release(['alerts', '1.1.0']).status).toBe(0);
    const back = project.release(['alerts', versionOf('remote-alerts')]);
    expect(back.status, back.stderr).toBe(0);
    expect(back.stdout).toContain(`remote-alerts: 1.1.0 → ${versionOf('remote-alerts')}`);
    expect(await project.liveMap()).toEqual(remotesMap({ ...DEFAULTS, 'remote-admin': '1.2.0' }));
    // One pin per remote, however many releases.
    expect(await pins()).toHaveLength(REMOTES.length);
    expect(await pins()).toContain('VIGIL_REMOTE_ADMIN_VERSION=1.2.0');
  });

  it('changes nothing and puts the version that was live back when the new one does not start healthy', async () => {
    expect(project.release(['alerts', '1.1.0']).status).toBe(0);
    const envBefore = await project.readEnv();
    const mapBefore = await project.liveMap();
    const run = project.release(['alerts', '1.2.0'], { STUB_DOCKER_UP_EXIT: '1' });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain('remote-alerts 1.2.0 did not start healthy; putting remote-alerts 1.1.0 back');
    expect(run.stderr).toContain('nothing changed: remote-alerts 1.1.0 stays live');
    expect((await project.dockerCalls()).slice(1)).toEqual([
      `${UP_ALERTS} | VIGIL_REMOTE_ALERTS_VERSION=1.2.0 `,
      'compose up -d --no-deps remote-alerts | VIGIL_REMOTE_ALERTS_VERSION=1.1.0 ',
    ]);
    expect(await project.readEnv()).toBe(envBefore);
    expect(await project.liveMap()).toEqual(mapBefore);
  });

  it.each([
    [['nope', '1.0.0'], `no remote named "nope"; the remotes are: ${REMOTES.join(' ')}`],
    [['alerts', 'latest'], '"latest" is not a version (e.g. 1.4.0)'],
    [['alerts', '1.0.0/../../x'], 'is not a version'],
    [['alerts'], 'Usage:'],
  ])('refuses %j with a clear message, before calling Docker', async (args, message) => {
    const run = project.release(args);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain(message);
    expect(await project.dockerCalls()).toEqual([]);
    expect(await project.liveMap()).toBeUndefined();
    expect(await pins()).toEqual([]);
  });

  it('--list shows the live version of each remote and the versions its service holds', async () => {
    expect(project.release(['alerts', '1.1.0']).status).toBe(0);
    const run = project.release(['--list']);
    expect(run.status, run.stderr).toBe(0);
    const rows = run.stdout.split('\n');
    expect(rows).toContainEqual(expect.stringMatching(/^remote-alerts\s+1\.1\.0\s+1\.0\.0 1\.1\.0$/));
    expect(rows).toContainEqual(
      expect.stringMatching(new RegExp(`^remote-admin\\s+${DEFAULTS['remote-admin']!.replaceAll('.', '\\.')}\\s`)),
    );
  });
});
