/**
 * A new remote on Kubernetes (`npm run new:remote`, docs/deploy/kubernetes.md "Adding a
 * remote"): its folder under deploy/kubernetes/base/remotes/ (its Deployment, Service and
 * PodDisruptionBudget from the shared template), its line in the base's resources, and in each
 * overlay its two image entries (its own and its -previous) and its remotes map line. Neither
 * the gateway nor the network policies change.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { NewRemote } from './remoteScaffold.ts';
import { mapLine } from './remoteTemplates.ts';

const KUBERNETES = 'deploy/kubernetes';

/** deploy/kubernetes/base/remotes/<remote>/kustomization.yaml: the shared template, named, labelled and imaged as this remote. */
export const kustomization = (
  { folder }: NewRemote,
  version: string,
): string => `# ${folder}'s Deployment, Service and PodDisruptionBudget, from ../../remote.
apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
resources:
  - ../../remote
nameSuffix: ${folder.slice('remote'.length)}
labels:
  - pairs:
      app.kubernetes.io/name: ${folder}
    includeSelectors: true
images:
  - name: vigil/remote
    newName: vigil/${folder}
    newTag: ${version}
  # The version it ran before: named apart so that an overlay tags it apart.
  - name: vigil/remote-previous
    newName: vigil/${folder}-previous
    newTag: ${version}
`;

/** Inserts `added` after the last line matching `after` (which must exist); false when none does. */
function insertAfterLast(lines: string[], after: RegExp, added: string[]): boolean {
  const last = lines
    .map((line, i) => (after.test(line) ? i : -1))
    .filter((i) => i >= 0)
    .at(-1);
  if (last === undefined) return false;
  lines.splice(last + 1, 0, ...added);
  return true;
}

/** The overlays deploy/kubernetes holds: each folder with a kustomization.yaml and a remotes-map.json. */
export function overlayFolders(root: string): string[] {
  const dir = path.join(root, KUBERNETES, 'overlays');
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .map((name) => path.join(dir, name))
    .filter((folder) => existsSync(path.join(folder, 'kustomization.yaml')) && existsSync(path.join(folder, 'remotes-map.json')));
}

/**
 * Writes the remote's Kubernetes manifests and entries. False when a file is not laid out as the
 * repository's are (nothing written then): the caller says what to add by hand.
 */
export function addKubernetesRemote(root: string, remote: NewRemote, version: string): boolean {
  const base = path.join(root, KUBERNETES, 'base', 'kustomization.yaml');
  if (!existsSync(base)) return false;
  const baseLines = readFileSync(base, 'utf8').split('\n');
  if (!insertAfterLast(baseLines, /^ {2}- remotes\/remote-[a-z0-9-]+$/, [`  - remotes/${remote.folder}`])) return false;
  const overlays = overlayFolders(root).map((folder) => {
    const file = path.join(folder, 'kustomization.yaml');
    const lines = readFileSync(file, 'utf8').split('\n');
    // After the last remote's entries: its own, then its -previous (three lines).
    const previous = lines
      .map((line, i) => (/^ {2}- name: vigil\/remote-[a-z0-9-]+-previous$/.test(line) ? i : -1))
      .filter((i) => i >= 0)
      .at(-1);
    if (previous === undefined || !/^ {4}newTag: /.test(lines[previous + 2] ?? '')) return undefined;
    lines.splice(
      previous + 3,
      0,
      `  - name: vigil/${remote.folder}`,
      `    newTag: ${version}`,
      `  - name: vigil/${remote.folder}-previous`,
      `    newName: vigil/${remote.folder}`,
      `    newTag: ${version}`,
    );
    return { file, lines, map: path.join(folder, 'remotes-map.json') };
  });
  if (overlays.some((o) => o === undefined)) return false;
  writeFileSync(base, baseLines.join('\n'));
  const folder = path.join(root, KUBERNETES, 'base', 'remotes', remote.folder);
  mkdirSync(folder, { recursive: true });
  writeFileSync(path.join(folder, 'kustomization.yaml'), kustomization(remote, version));
  for (const overlay of overlays) {
    writeFileSync(overlay!.file, overlay!.lines.join('\n'));
    // One line per remote, in name order, as deploy/remotes-map/default.json (release.sh rewrites the version in it).
    const entries = readFileSync(overlay!.map, 'utf8')
      .split('\n')
      .filter((line) => line.startsWith('  "'))
      .map((line) => line.replace(/,\s*$/, ''));
    entries.push(mapLine(remote, version));
    entries.sort();
    writeFileSync(overlay!.map, `{\n${entries.join(',\n')}\n}\n`);
  }
  return true;
}
