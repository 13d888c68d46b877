/**
 * The console's apps, read from the workspace: `shell` and every `remote-*` folder the root
 * package.json's workspaces name (`"remote-*"`, a glob npm expands the same way). The build,
 * `npm start`, `npm run dev`, the cycle and type checks, Rsbuild's dev ports and the tests that
 * list apps all read them here, so adding a remote edits no list (docs/console/adding-a-remote.md,
 * "Adding a remote"). Plain TypeScript that Node runs as it is (type stripping), so the .mjs scripts and
 * the TypeScript configs import the same file.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.dirname(path.dirname(fileURLToPath(import.meta.url)));

/** A remote's folder name: `remote-` and a lowercase name (letters, digits, single hyphens). */
export const REMOTE_FOLDER = /^remote-[a-z][a-z0-9]*(?:-[a-z0-9]+)*$/;

const escapeRegExp = (text: string) => text.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

/**
 * The workspace folders, sorted: each entry of package.json's `workspaces`, a glob (`remote-*`)
 * expanded to the folders beside package.json that match it and hold a package.json.
 */
export function workspaceFolders(root = ROOT): string[] {
  const { workspaces } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as { workspaces?: unknown };
  if (!Array.isArray(workspaces)) throw new Error(`${path.join(root, 'package.json')} has no workspaces list`);
  const folders = new Set<string>();
  for (const pattern of workspaces as string[]) {
    if (pattern.includes('/')) throw new Error(`workspace "${pattern}": only folders beside package.json are supported`);
    if (!pattern.includes('*')) {
      folders.add(pattern);
      continue;
    }
    const matches = new RegExp(`^${pattern.split('*').map(escapeRegExp).join('[^/]*')}$`);
    for (const entry of readdirSync(root, { withFileTypes: true })) {
      if (entry.isDirectory() && matches.test(entry.name) && existsSync(path.join(root, entry.name, 'package.json')))
        folders.add(entry.name);
    }
  }
  return [...folders].sort();
}

/** The remotes (`remote-actions`, `remote-admin`, …), sorted by name. */
export const remoteApps = (root = ROOT): string[] => workspaceFolders(root).filter((folder) => folder.startsWith('remote-'));

/** Every console app: the shell first, then the remotes by name. */
export const consoleApps = (root = ROOT): string[] => ['shell', ...remoteApps(root)];

/** `remote-alerts` → `remote_alerts`: Module Federation container names are JS identifiers. */
export const containerName = (app: string): string => app.replaceAll('-', '_');

/**
 * Each console app's dev server port (`npm run dev`): the shell on `shellPort`, each remote on
 * the port after it in name order (remote-actions 3001, remote-admin 3002, … from 3000). A new
 * remote shifts the ports of those named after it; nothing stores a port.
 */
export function devPorts(shellPort: number, root = ROOT): Record<string, number> {
  return Object.fromEntries(consoleApps(root).map((app, index) => [app, shellPort + index]));
}
