import { spawnSync } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { named, ofKind, splitImage } from './helpers/kubernetesObjects.js';
import { KUBECTL, renderKustomization } from './helpers/kustomize.js';
import { REMOTES, ROOT, remotesMap, versionOf } from './helpers/repo.js';

// deploy/kubernetes/release.sh on a copy of deploy/kubernetes (and the gateway's template it
// reads), with a stand-in for kubectl: `kubectl kustomize` is the real one, and what the script
// would apply to a cluster is recorded. What it changes is read back by rendering the overlay.

/** Records each call (and a copy of each file applied); passes `kustomize` to the real kubectl. */
const STUB_KUBECTL = (real: string) => `#!/bin/sh
echo "$*" >> "$STUB_DIR/calls"
case "$1" in
  kustomize) exec ${real} "$@" ;;
  apply) n=$(ls "$STUB_DIR" | grep -c '^applied-' || true); cp "$3" "$STUB_DIR/applied-$n.yaml"; exit "\${STUB_APPLY_EXIT:-0}" ;;
  -n) exit "\${STUB_ROLLOUT_EXIT:-0}" ;;
esac
`;

const DEFAULTS = Object.fromEntries(REMOTES.map((r) => [r, versionOf(r)]));

let dir: string;
let stub: string;
const overlay = () => path.join(dir, 'deploy/kubernetes/overlays/ha');
const read = (file: string) => readFileSync(path.join(overlay(), file), 'utf8');

function release(args: string[], env: Record<string, string> = {}, script = 'deploy/kubernetes/release.sh') {
  const result = spawnSync('sh', [path.join(dir, script), ...args], {
    cwd: dir,
    encoding: 'utf8',
    env: { PATH: `${stub}:${process.env.PATH}`, STUB_DIR: stub, ...env },
  });
  return { status: result.status, stdout: result.stdout, stderr: result.stderr };
}
const calls = () =>
  readFileSync(path.join(stub, 'calls'), 'utf8')
    .split('\n')
    .filter(Boolean)
    .map((line) => line.replace(/\/tmp\/\S+\/(before|after)\.yaml/, '<$1>'));
const images = () => Object.fromEntries(parse(read('kustomization.yaml')).images.map((i: any) => [i.name, i.newTag]));

/** What the overlay renders to now: each remote's running version, the one before, and the map. */
async function renderedVersions() {
  const objects = await renderKustomization(overlay());
  const remotes = Object.fromEntries(
    REMOTES.map((r) => {
      const spec = named(objects, 'Deployment', r).spec.template.spec;
      return [r, { running: splitImage(spec.containers[0].image).tag, previous: splitImage(spec.initContainers[0].image).tag }];
    }),
  );
  const map = ofKind(objects, 'ConfigMap').find((c) => c.metadata.name.startsWith('vigil-remotes-map-'))!;
  return { remotes, map: JSON.parse(map.data!['default.json']!) };
}

// Each release renders the overlay twice (1 to 2 s each, many times that on a loaded machine).
describe.skipIf(!KUBECTL)('deploy/kubernetes/release.sh', { timeout: 180_000 }, () => {
  beforeEach(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'vigil-k8s-release-'));
    for (const folder of ['deploy/kubernetes', 'deploy/gateway', 'deploy/release.sh'])
      cpSync(path.join(ROOT, folder), path.join(dir, folder), { recursive: true });
    stub = path.join(dir, 'stub-bin');
    mkdirSync(stub);
    writeFileSync(path.join(stub, 'kubectl'), STUB_KUBECTL(KUBECTL!), { mode: 0o755 });
    writeFileSync(path.join(stub, 'calls'), '');
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it("sets the remote's image and map entry to the version, keeps the one it replaces served, and shows the rendered difference; nothing applied", async () => {
    const run = release([overlay(), 'alerts', '1.1.0']);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout).toContain(`remote-alerts: ${DEFAULTS['remote-alerts']} → 1.1.0`);
    expect(run.stdout).toMatch(/^-\s+- image: vigil\/remote-alerts:1\.0\.0$/m);
    expect(run.stdout).toMatch(/^\+\s+- image: vigil\/remote-alerts:1\.1\.0$/m);
    expect(run.stdout).toMatch(/^\+ {2}name: vigil-remotes-map-[a-z0-9]{10}$/m);
    expect(images()).toMatchObject({ 'vigil/remote-alerts': '1.1.0', 'vigil/remote-alerts-previous': DEFAULTS['remote-alerts'] });
    const { remotes, map } = await renderedVersions();
    expect(remotes['remote-alerts']).toEqual({ running: '1.1.0', previous: DEFAULTS['remote-alerts'] });
    expect(remotes['remote-admin']).toEqual({ running: DEFAULTS['remote-admin'], previous: DEFAULTS['remote-admin'] });
    // The map names what runs, each remote's route kept.
    expect(map).toEqual(remotesMap({ ...DEFAULTS, 'remote-alerts': '1.1.0' }));
    expect(calls().every((c) => c.startsWith('kustomize '))).toBe(true);
  });

  it('rolls back the same way, the version it leaves kept as the previous one', async () => {
    expect(release([overlay(), 'alerts', '1.1.0']).status).toBe(0);
    const back = release([overlay(), 'remote-alerts', DEFAULTS['remote-alerts']!]);
    expect(back.status, back.stderr).toBe(0);
    const { remotes, map } = await renderedVersions();
    expect(remotes['remote-alerts']).toEqual({ running: DEFAULTS['remote-alerts'], previous: '1.1.0' });
    expect(map).toEqual(remotesMap(DEFAULTS));
  });

  it("with --apply: the remote's objects first and its rollout awaited, then the whole overlay with the new map", () => {
    const run = release(['--apply', overlay(), 'alerts', '1.1.0']);
    expect(run.status, run.stderr).toBe(0);
    expect(calls().filter((c) => !c.startsWith('kustomize '))).toEqual([
      'apply -f <after> -l app.kubernetes.io/name=remote-alerts',
      '-n vigil rollout status deployment/remote-alerts --timeout=300s',
      'apply -f <after>',
    ]);
    const applied = readFileSync(path.join(stub, 'applied-1.yaml'), 'utf8');
    expect(applied).toContain('"remote_alerts": {"entry": "/remotes/remote-alerts/1.1.0/mf-manifest.json"');
  });

  it('puts the remote and the files back when its rollout fails, and applies nothing else', () => {
    const kustomization = read('kustomization.yaml');
    const map = read('remotes-map.json');
    const run = release(['--apply', overlay(), 'alerts', '1.1.0'], { STUB_ROLLOUT_EXIT: '1' });
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain(`remote-alerts 1.1.0 did not roll out; putting remote-alerts ${DEFAULTS['remote-alerts']} back`);
    expect(run.stderr).toContain(`nothing changed: remote-alerts ${DEFAULTS['remote-alerts']} stays live`);
    expect(calls().filter((c) => !c.startsWith('kustomize '))).toEqual([
      'apply -f <after> -l app.kubernetes.io/name=remote-alerts',
      '-n vigil rollout status deployment/remote-alerts --timeout=300s',
      'apply -f <before> -l app.kubernetes.io/name=remote-alerts',
    ]);
    expect(readFileSync(path.join(stub, 'applied-1.yaml'), 'utf8')).toContain(`image: vigil/remote-alerts:${DEFAULTS['remote-alerts']}`);
    expect(read('kustomization.yaml')).toBe(kustomization);
    expect(read('remotes-map.json')).toBe(map);
    expect(readdirSync(overlay()).sort()).toEqual(readdirSync(path.join(ROOT, 'deploy/kubernetes/overlays/ha')).sort());
  });

  it.each([
    [['OVERLAY', 'nope', '1.0.0'], `no remote named "nope"`],
    [['OVERLAY', 'alerts', 'latest'], '"latest" is not a version (e.g. 1.4.0)'],
    [['OVERLAY', 'alerts', '1.0.0/../../x'], 'is not a version'],
    [['deploy/kubernetes/base', 'alerts', '1.1.0'], 'not an overlay of deploy/kubernetes'],
    [['OVERLAY', 'alerts'], 'Usage:'],
  ])('refuses %j with a clear message, changing nothing and applying nothing', (args, message) => {
    const before = [read('kustomization.yaml'), read('remotes-map.json')];
    const run = release(args.map((a) => (a === 'OVERLAY' ? overlay() : a)));
    expect(run.status).not.toBe(0);
    expect(run.stderr).toContain(message);
    expect([read('kustomization.yaml'), read('remotes-map.json')]).toEqual(before);
    expect(calls().filter((c) => !c.startsWith('kustomize '))).toEqual([]);
  });

  it('refuses an overlay that does not render, saying kustomize’s reason', () => {
    const file = path.join(overlay(), 'kustomization.yaml');
    writeFileSync(file, readFileSync(file, 'utf8').replace('  - database.yaml\n', '  - database.yaml\n  - missing.yaml\n'));
    const broken = read('kustomization.yaml');
    const run = release([overlay(), 'alerts', '1.1.0']);
    expect(run.status).not.toBe(0);
    expect(run.stderr).toMatch(/does not render as it is, so nothing changed: .*missing\.yaml/s);
    expect(read('kustomization.yaml')).toBe(broken);
  });

  it('--list shows each remote: the map, its image and the previous version; deploy/release.sh --kubernetes runs the same script', () => {
    const viaCompose = release(['--kubernetes', overlay(), 'alerts', '1.1.0'], {}, 'deploy/release.sh');
    expect(viaCompose.status, viaCompose.stderr).toBe(0);
    const run = release(['--list', overlay()]);
    expect(run.status, run.stderr).toBe(0);
    expect(run.stdout.split('\n')).toContainEqual(
      expect.stringMatching(
        new RegExp(`^remote-alerts\\s+1\\.1\\.0\\s+1\\.1\\.0\\s+${DEFAULTS['remote-alerts']!.replaceAll('.', '\\.')}$`),
      ),
    );
  });
});
