import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';

/** Container name → manifest URL, as the shell reads it from /remotes.json. */
export type RemotesMap = Record<string, string>;

/** `remote-alerts` → `remote_alerts`: Module Federation container names are JS identifiers. */
export const federationName = (dir: string) => dir.replaceAll('-', '_');

const semverParts = (v: string) => v.split(/[.-]/).map((p) => (/^\d+$/.test(p) ? Number(p) : p));
export function compareVersions(a: string, b: string): number {
  const pa = semverParts(a);
  const pb = semverParts(b);
  for (let i = 0; i < Math.max(pa.length, pb.length); i++) {
    const x = pa[i] ?? 0;
    const y = pb[i] ?? 0;
    if (x === y) continue;
    if (typeof x === 'number' && typeof y === 'number') return x - y;
    return String(x).localeCompare(String(y));
  }
  return 0;
}

/** Versions of one remote present under dist/<dir>/, oldest first. */
export async function builtVersions(consoleDir: string, dir: string): Promise<string[]> {
  const entries = await readdir(path.join(consoleDir, dir), { withFileTypes: true }).catch(() => []);
  return entries
    .filter((e) => e.isDirectory() && existsSync(path.join(consoleDir, dir, e.name, 'mf-manifest.json')))
    .map((e) => e.name)
    .sort(compareVersions);
}

/**
 * The map the shell loads. `dist/remotes.json` (written by a release) pins versions; a remote
 * it does not name gets its newest built version.
 */
export async function readRemotesMap(consoleDir: string, urlPrefix = '/remotes'): Promise<RemotesMap> {
  const pinned = JSON.parse(await readFile(path.join(consoleDir, 'remotes.json'), 'utf8').catch(() => '{}')) as Record<string, string>;
  const dirs = (await readdir(consoleDir, { withFileTypes: true }).catch(() => []))
    .filter((e) => e.isDirectory() && e.name.startsWith('remote-'))
    .map((e) => e.name)
    .sort();
  const map: RemotesMap = {};
  for (const dir of dirs) {
    const versions = await builtVersions(consoleDir, dir);
    const version = pinned[dir] && versions.includes(pinned[dir]) ? pinned[dir] : versions.at(-1);
    if (version) map[federationName(dir)] = `${urlPrefix}/${dir}/${version}/mf-manifest.json`;
  }
  return map;
}
