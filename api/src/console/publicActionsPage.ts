import { existsSync } from 'node:fs';
import path from 'node:path';
import { federationName, readRemotesMap } from './remotesMap.js';

const ACTIONS_REMOTE = 'remote-actions';
/** Where remote-actions builds its standalone page, inside each of its version folders. */
const PAGE_DIR = 'page';

/**
 * The folder of the live version's standalone page: the version the remotes map names (the one
 * a release pinned, else the newest built), so a release of remote-actions moves it too.
 */
export async function publicActionsPageDir(consoleDir: string): Promise<string | undefined> {
  // With an empty prefix the map names `/remote-actions/<version>/mf-manifest.json`, relative to consoleDir.
  const manifest = (await readRemotesMap(consoleDir, ''))[federationName(ACTIONS_REMOTE)];
  if (!manifest) return undefined;
  const dir = path.join(consoleDir, path.dirname(manifest), PAGE_DIR);
  return existsSync(path.join(dir, 'index.html')) ? dir : undefined;
}
