import { existsSync } from 'node:fs';
import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';

/**
 * Container name → manifest URL, as the shell reads it from /remotes.json; or, for a remote that
 * declares its place in the console (ROUTE_FILE), `{entry, route}` (docs/console/adding-a-remote.md).
 */
export type RemotesMap = Record<string, RemotesMapEntry>;
export type RemotesMapEntry = string | { entry: string; route: unknown };

/** The manifest URL of a map entry in either form; undefined for anything else. */
export const entryUrl = (value: unknown): string | undefined => {
  const entry = value && typeof value === 'object' && !Array.isArray(value) ? (value as { entry?: unknown }).entry : value;
  return typeof entry === 'string' ? entry : undefined;
};

/**
 * Beside a version's mf-manifest.json: the route and menu entry the remote declares
 * (`{"path": "oncall", "module": "OnCallPage", "label": "On call", …}`), written by its build
 * (rsbuild.base.ts, `route`). Served in the map as the remote's `route`; the shell checks it.
 */
export const ROUTE_FILE = 'vigil-route.json';

/** The route a version declares, or undefined (none, or a file that is not a JSON object: logged by the caller's map reader). */
async function declaredRoute(versionDir: string): Promise<unknown> {
  const text = await readFile(path.join(versionDir, ROUTE_FILE), 'utf8').catch(() => null);
  if (text === null) return undefined;
  try {
    const route: unknown = JSON.parse(text);
    return route && typeof route === 'object' && !Array.isArray(route) ? route : undefined;
  } catch {
    return undefined;
  }
}

/** `dist/remote-version-pins.json`, written by `npm run release`: remote folder → the version that is live. */
export type Pins = Record<string, string>;

/** `remote-alerts` → `remote_alerts`: Module Federation container names are JS identifiers. */
export const federationName = (dir: string) => dir.replaceAll('-', '_');

/**
 * The pins file in the console folder. Not `remotes.json`: that name is the map the shell
 * reads (/remotes.json), a different document (container → manifest URL).
 */
export const PINS_FILE = 'remote-version-pins.json';
/** Its name before 0.1.x: still read when the new file is absent, so an upgrade keeps a rollback in place. */
export const LEGACY_PINS_FILE = 'remotes.json';

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

/** The remote folders of a built console (`remote-alerts`, …), sorted. */
export async function remoteDirs(consoleDir: string): Promise<string[]> {
  return (await readdir(consoleDir, { withFileTypes: true }).catch(() => []))
    .filter((e) => e.isDirectory() && e.name.startsWith('remote-'))
    .map((e) => e.name)
    .sort();
}

export class PinsError extends Error {}

/** The pins a release wrote; none when no release was made. A damaged file is an error, never "no pins". */
export async function readPins(consoleDir: string): Promise<Pins> {
  const read = (name: string) =>
    readFile(path.join(consoleDir, name), 'utf8').catch((error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return null;
      throw error;
    });
  let file = path.join(consoleDir, PINS_FILE);
  let text = await read(PINS_FILE);
  if (text === null) {
    file = path.join(consoleDir, LEGACY_PINS_FILE);
    text = (await read(LEGACY_PINS_FILE)) ?? '{}';
  }
  let pins: unknown;
  try {
    pins = JSON.parse(text);
  } catch {
    throw new PinsError(`${file} is not valid JSON: fix it, or delete it to serve the newest build of every remote.`);
  }
  if (!pins || typeof pins !== 'object' || Array.isArray(pins) || Object.values(pins).some((v) => typeof v !== 'string'))
    throw new PinsError(`${file} must map remote folders to versions, e.g. {"remote-alerts": "1.4.0"}.`);
  return pins as Pins;
}

/** One remote as a release sees it: what is built, what is pinned, what is served. */
export interface RemoteStatus {
  dir: string;
  built: string[];
  pinned: string | null;
  /** The version /remotes.json names: the pinned one when it is built, else the newest build. */
  live: string | null;
}

export async function remotesStatus(consoleDir: string): Promise<RemoteStatus[]> {
  const pins = await readPins(consoleDir);
  const status: RemoteStatus[] = [];
  for (const dir of await remoteDirs(consoleDir)) {
    const built = await builtVersions(consoleDir, dir);
    const pinned = pins[dir] ?? null;
    status.push({ dir, built, pinned, live: pinned && built.includes(pinned) ? pinned : (built.at(-1) ?? null) });
  }
  return status;
}

/**
 * The map the shell loads, read afresh on every request (a release needs no restart).
 * `dist/remote-version-pins.json` (written by a release) pins versions; a remote it does not name gets
 * its newest built version.
 */
export async function readRemotesMap(consoleDir: string, urlPrefix = '/remotes'): Promise<RemotesMap> {
  const map: RemotesMap = {};
  for (const { dir, live } of await remotesStatus(consoleDir)) {
    if (!live) continue;
    const entry = `${urlPrefix}/${dir}/${live}/mf-manifest.json`;
    const route = await declaredRoute(path.join(consoleDir, dir, live));
    map[federationName(dir)] = route === undefined ? entry : { entry, route };
  }
  return map;
}

export class ReleaseError extends Error {}

/** `alerts`, `remote-alerts` and `remote_alerts` all name the remote folder `remote-alerts`. */
const folderName = (remote: string) => {
  const dir = remote.replaceAll('_', '-');
  return dir.startsWith('remote-') ? dir : `remote-${dir}`;
};

/**
 * Makes `version` the live version of `remote`: checks it is built, then pins it in
 * `dist/remote-version-pins.json`, written whole to a temporary file then renamed over the old one, so a
 * request never reads half a file. Bad input throws a ReleaseError and changes nothing.
 */
export async function releaseRemote(
  consoleDir: string,
  remote: string,
  version: string,
): Promise<{ dir: string; from: string | null; to: string }> {
  const status = await remotesStatus(consoleDir);
  const dir = folderName(remote);
  const current = status.find((s) => s.dir === dir);
  if (!current?.built.length) {
    const known = status.filter((s) => s.built.length).map((s) => s.dir.replace(/^remote-/, ''));
    throw new ReleaseError(
      `No built remote named "${remote}" in ${consoleDir}. Remotes: ${known.join(', ') || 'none (run npm run build)'}.`,
    );
  }
  if (!current.built.includes(version)) {
    throw new ReleaseError(`${dir} ${version} is not built in ${consoleDir}. Built versions: ${current.built.join(', ')}.`);
  }
  const pins = { ...(await readPins(consoleDir)), [dir]: version };
  const file = path.join(consoleDir, PINS_FILE);
  const temporary = `${file}.${process.pid}.tmp`;
  try {
    await writeFile(temporary, `${JSON.stringify(pins, null, 2)}\n`);
    await rename(temporary, file);
  } catch (error) {
    await rm(temporary, { force: true });
    throw error;
  }
  // The new file holds every pin the legacy one had (readPins read it): the old name goes.
  await rm(path.join(consoleDir, LEGACY_PINS_FILE), { force: true });
  return { dir, from: current.live, to: version };
}
