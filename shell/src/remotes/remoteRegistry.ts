import { getInstance, loadRemote, registerPlugins, registerRemotes } from '@module-federation/enhanced/runtime';
import { FEDERATION_RUNTIME, findMismatches, incompatibilityMessage, type ProvidedShared } from './compatibility';
import { markRemotesMapFailed, remotesMapStatus, setDeclaredRoutes } from './declaredRoutes';
import { isLoaded, recordLoadedRemote } from './loadedRemotes';
import { fetchRemoteManifest, manifestHandoff } from './remoteManifest';
import { parseRemotesMap } from './remotesMapEntries';

/** Container name → manifest URL, as /remotes.json (served no-cache) says at the moment. */
export type RemotesMap = Record<string, string>;

const MAP_URL = '/remotes.json';

registerPlugins([manifestHandoff]);

/** What the federation runtime was told, per remote. */
const registered: RemotesMap = {};
/**
 * The map read at start-up, kept for the remote of the page the console opened on (so that
 * load does not read it twice). After any navigation, loads read the map again.
 */
let startupMap: RemotesMap | null = null;

async function readMap(url = MAP_URL): Promise<RemotesMap> {
  const response = await fetch(url, { cache: 'no-store' });
  if (!response.ok) throw new Error(`${url} answered ${response.status}`);
  // Each entry is checked: a bad one is left out, with its reason in the console, never a crash.
  const { entries, routes, problems } = parseRemotesMap(await response.json());
  for (const problem of problems) console.error(`Remotes map: ${problem}; entry ignored`);
  setDeclaredRoutes(routes);
  return entries;
}

/** Tells the runtime about each remote, replacing the entry of one not loaded yet whose version changed. */
function register(map: RemotesMap, { force = [] as string[] } = {}) {
  const changed = Object.entries(map).filter(([name, entry]) => !isLoaded(name) && (registered[name] !== entry || force.includes(name)));
  if (!changed.length) return;
  const replacing = changed.some(([name]) => registered[name] !== undefined);
  registerRemotes(
    changed.map(([name, entry]) => ({ name, entry })),
    { force: replacing },
  );
  for (const [name, entry] of changed) registered[name] = entry;
}

/** Start-up: reads and registers the map, so the first remote any route needs is ready to load. */
export async function registerRemotesFromMap(url = MAP_URL): Promise<RemotesMap> {
  try {
    const map = await readMap(url);
    startupMap = map;
    register(map);
  } catch (error) {
    // The shell still renders (login, layout); the page's area offers Retry (RemotesMapPending).
    console.error('Could not read the remotes map', error);
    markRemotesMapFailed();
  }
  return { ...registered };
}

/**
 * Reads the map unless it was read in this page: the signed-in area on a console opened on a
 * public page, and Retry after a failed read. One read at a time.
 */
let reading: Promise<unknown> | null = null;
export function ensureRemotesMapRead(): void {
  if (remotesMapStatus() === 'read' || reading) return;
  reading = registerRemotesFromMap().finally(() => {
    reading = null;
  });
}

export class RemoteLoadError extends Error {}
/** The remote's build does not fit the shared libraries this shell provides: retrying the same version cannot help. */
export class IncompatibleRemoteError extends RemoteLoadError {}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new RemoteLoadError(`${what} did not answer within ${ms / 1000} s`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * Share key → version of every singleton the shell provides, from its federation runtime, and
 * the version of that runtime itself: the one every remote runs on in production.
 */
function providedShared(): ProvidedShared {
  const instance = getInstance();
  const provided: ProvidedShared = {};
  if (instance?.version) provided[FEDERATION_RUNTIME] = instance.version;
  for (const [key, versions] of Object.entries(instance?.options.shared ?? {})) {
    const own = versions.find((s) => s.from === instance?.name);
    if (own?.version) provided[key] = own.version;
  }
  return provided;
}

/**
 * First load of a remote in this page: the remotes map as it is now (a release since start-up
 * applies), then the remote's manifest checked against what the shell provides, before any of
 * its code runs.
 */
async function prepare(remote: string, label: string, retry: boolean, initialPage: boolean) {
  const map = (!retry && initialPage && startupMap) || (await readMap());
  startupMap = null;
  // A retry registers the remote anew, so the runtime forgets a failed entry and fetches it again.
  register(map, { force: retry ? [remote] : [] });
  const entry = map[remote];
  if (!entry) throw new RemoteLoadError(`${remote} is not in the remotes map`);
  const manifest = await fetchRemoteManifest(entry);
  const mismatches = findMismatches(manifest.requires, providedShared());
  if (mismatches.length) throw new IncompatibleRemoteError(incompatibilityMessage(label, manifest.version, mismatches));
  return manifest;
}

interface LoadOptions {
  /** What the console calls the remote, in messages and the About dialog. */
  label?: string;
  /** A retry after a failure: registers the remote anew and reads the map again. */
  retry?: boolean;
  /** Still on the page the console opened on (no navigation yet): the start-up map is current. */
  initialPage?: boolean;
  timeoutMs?: number;
}

/**
 * Loads `remote/Module` with a timeout (a hung server must not spin forever). A remote already
 * running in the page keeps its version; one not loaded yet gets the version the remotes map
 * names now, so a release reaches an open console on its next navigation to that remote.
 */
export async function loadRemoteModule<T>(
  remote: string,
  module: string,
  { label = remote, retry = false, initialPage = false, timeoutMs = 10_000 }: LoadOptions = {},
): Promise<T> {
  const load = async () => {
    const manifest = isLoaded(remote) ? null : await prepare(remote, label, retry, initialPage);
    const loaded = await loadRemote<T>(`${remote}/${module}`);
    if (!loaded) throw new RemoteLoadError(`${remote}/${module} could not be loaded`);
    if (manifest) recordLoadedRemote({ name: remote, label, app: manifest.app, version: manifest.version });
    return loaded;
  };
  return withTimeout(load(), timeoutMs, remote);
}
