import { execFile, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import { parseAllDocuments } from 'yaml';
import { ROOT } from './repo.js';

/** deploy/kubernetes: the base, the overlays and the components (docs/deploy/kubernetes.md). */
export const KUBERNETES_DIR = path.join(ROOT, 'deploy/kubernetes');
export const OVERLAYS_DIR = path.join(KUBERNETES_DIR, 'overlays');

/**
 * kubectl, whose built-in kustomize renders what `kubectl apply -k` would apply, by its full path
 * (a stand-in earlier on a script's PATH must not find itself); undefined when it is not installed.
 */
export const KUBECTL = [
  spawnSync('sh', ['-c', 'command -v kubectl'], { encoding: 'utf8' }).stdout.trim(),
  '/usr/local/bin/kubectl',
  '/usr/bin/kubectl',
]
  .filter((command) => path.isAbsolute(command))
  .find((command) => spawnSync(command, ['version', '--client'], { encoding: 'utf8' }).status === 0);

/** Every overlay a user can install (`kubectl apply -k deploy/kubernetes/overlays/<name>`), by name. */
export function overlayNames(): string[] {
  return readdirSync(OVERLAYS_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() && existsSync(path.join(OVERLAYS_DIR, entry.name, 'kustomization.yaml')))
    .map((entry) => entry.name)
    .sort();
}

const run = promisify(execFile);

/** `kubectl kustomize <dir>`: the objects it renders, in its order. Throws with kustomize's message when it refuses. */
export async function renderKustomization(dir: string): Promise<object[]> {
  if (!KUBECTL) throw new Error('kubectl is not installed: nothing renders the kustomizations');
  let stdout: string;
  try {
    ({ stdout } = await run(KUBECTL, ['kustomize', dir], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }));
  } catch (error) {
    const stderr = (error as { stderr?: string }).stderr ?? '';
    throw new Error(`kubectl kustomize ${path.relative(ROOT, dir)} failed: ${stderr.trim() || String(error)}`);
  }
  return parseAllDocuments(stdout)
    .map((doc) => doc.toJS())
    .filter((object): object is object => object !== null && typeof object === 'object');
}

// One rendering per overlay and process: several test files read the same overlays.
const rendered = new Map<string, Promise<object[]>>();

/** An overlay as `kubectl apply -k deploy/kubernetes/overlays/<name>` would apply it; each call gets its own copy. */
export async function renderOverlay(name: string): Promise<object[]> {
  if (!overlayNames().includes(name))
    throw new Error(`no overlay "${name}" in ${path.relative(ROOT, OVERLAYS_DIR)}: ${overlayNames().join(', ')}`);
  let objects = rendered.get(name);
  if (!objects) {
    objects = renderKustomization(path.join(OVERLAYS_DIR, name));
    rendered.set(name, objects);
    // A failure is not kept: the next call tries again and says why.
    objects.catch(() => rendered.delete(name));
  }
  return structuredClone(await objects);
}
