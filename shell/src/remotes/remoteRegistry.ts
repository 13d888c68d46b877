import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

/** Container name → manifest URL, read at start-up from /remotes.json (served no-cache). */
export type RemotesMap = Record<string, string>;

let current: RemotesMap = {};

export async function registerRemotesFromMap(url = '/remotes.json'): Promise<RemotesMap> {
  try {
    const response = await fetch(url, { cache: 'no-store' });
    if (!response.ok) throw new Error(`${url} answered ${response.status}`);
    current = (await response.json()) as RemotesMap;
  } catch (error) {
    // The shell still renders (login, layout); each remote area then shows its own error.
    console.error('Could not read the remotes map', error);
    current = {};
  }
  registerRemotes(Object.entries(current).map(([name, entry]) => ({ name, entry })));
  return current;
}

export class RemoteLoadError extends Error {}

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
 * Loads `remote/Module` with a timeout (a hung server must not spin forever). A retry
 * re-registers the remote so the runtime forgets the failed entry and fetches it again.
 */
export async function loadRemoteModule<T>(remote: string, module: string, { retry = false, timeoutMs = 10_000 } = {}): Promise<T> {
  const entry = current[remote];
  if (!entry) throw new RemoteLoadError(`${remote} is not in the remotes map`);
  if (retry) registerRemotes([{ name: remote, entry }], { force: true });
  const loaded = await withTimeout(loadRemote<T>(`${remote}/${module}`), timeoutMs, remote);
  if (!loaded) throw new RemoteLoadError(`${remote}/${module} could not be loaded`);
  return loaded;
}
