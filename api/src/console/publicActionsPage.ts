import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type { PublicPagesConfig } from '../config.js';
import { entryUrl, federationName, readRemotesMap } from './remotesMap.js';

const ACTIONS_REMOTE = 'remote-actions';
/** Where remote-actions builds its standalone page, inside each of its version folders. */
const PAGE_DIR = 'page';

/** A version folder's page folder, when that version has a page (older versions have none). */
function pageDirOf(versionDir: string): string | undefined {
  const dir = path.join(versionDir, PAGE_DIR);
  return existsSync(path.join(dir, 'index.html')) ? dir : undefined;
}

/**
 * The folder of the live version's standalone page: the version the remotes map names (the one
 * a release pinned, else the newest built), so a release of remote-actions moves it too.
 */
export async function publicActionsPageDir(consoleDir: string): Promise<string | undefined> {
  // With an empty prefix the map names `/remote-actions/<version>/mf-manifest.json`, relative to consoleDir.
  const manifest = entryUrl((await readRemotesMap(consoleDir, ''))[federationName(ACTIONS_REMOTE)]);
  if (!manifest) return undefined;
  return pageDirOf(path.join(consoleDir, path.dirname(manifest)));
}

/** The gateway's map files, in the order its `/remotes.json` location tries them (deploy/gateway). */
const MAP_FILES = ['live.json', 'default.json'];
/** `/remotes/remote-actions/<version>/mf-manifest.json`: a version is a folder name, never a path. */
const LIVE_MANIFEST = /^\/remotes\/remote-actions\/([0-9A-Za-z][0-9A-Za-z.+_-]*)\/mf-manifest\.json$/;

async function readGatewayMap(remotesMapDir: string): Promise<unknown> {
  for (const name of MAP_FILES) {
    const text = await readFile(path.join(remotesMapDir, name), 'utf8').catch(() => null);
    if (text === null) continue;
    try {
      return JSON.parse(text);
    } catch {
      // A damaged map names no version (consoles get the same file from the gateway, and fail too).
      return undefined;
    }
  }
  return undefined;
}

/**
 * Behind the gateway (API only): the page folder of the remote-actions version the gateway's
 * remotes map names, in remote-actions' published versions (its volume). Read on every request,
 * as the gateway reads the map: a release of remote-actions switches the page and its server
 * renderer together, with no restart of the API. Undefined when the map names no version with a page.
 */
export async function publishedActionsPageDir({ remoteActionsDir, remotesMapDir }: PublicPagesConfig): Promise<string | undefined> {
  const map = await readGatewayMap(remotesMapDir);
  // Either form of entry: the manifest URL, or {entry, route} (docs/console/adding-a-remote.md).
  const manifest = entryUrl((map as Record<string, unknown> | undefined)?.[federationName(ACTIONS_REMOTE)]);
  const version = manifest ? LIVE_MANIFEST.exec(manifest)?.[1] : undefined;
  return version ? pageDirOf(path.join(remoteActionsDir, version)) : undefined;
}
