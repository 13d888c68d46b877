/**
 * `npm run new:remote -- <name>` (scripts/newRemote.mjs): a new remote, `remote-<name>/`, made
 * from the Rsbuild factory, with its page and the route and menu entry it declares, its
 * service in docker-compose.yml and its line in the compose remotes map (its Kubernetes
 * manifests: kubernetesRemote.ts). Nothing else names a remote: the scripts read the workspace
 * (apps.ts), the shell the remotes map, the gateway the service's name
 * (docs/console/adding-a-remote.md, "Adding a remote").
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { RESERVED_PATHS } from '../shell/src/remotes/remotesMapEntries.ts';
import { containerName, REMOTE_FOLDER, remoteApps } from './apps.ts';
import {
  composeService,
  mapLine,
  packageJson,
  pageSource,
  pageTestSource,
  routeFile,
  rsbuildConfig,
  STATIC_FILES,
} from './remoteTemplates.ts';

/** What a remote declares in its vigil-route.json (shell/src/remotes/remotesMapEntries.ts reads it). */
export interface RouteDeclaration {
  path: string;
  module: string;
  label: string;
  icon: string;
  order: number;
  superuserOnly: boolean;
}

export interface NewRemote {
  /** `remote-reports` */
  folder: string;
  /** `remote_reports` */
  container: string;
  route: RouteDeclaration;
}

const MAX_NAME = 40;

export class ScaffoldError extends Error {}

/** `on-call-history` → `OnCallHistory`. */
const pascal = (name: string) =>
  name
    .split('-')
    .map((part) => part[0]!.toUpperCase() + part.slice(1))
    .join('');

/**
 * The remote a name makes (`reports` or `remote-reports`), or a ScaffoldError saying why the
 * name cannot be one: its form, or a folder, page path or container another app has.
 */
export function planRemote(root: string, given: string | undefined): NewRemote {
  if (!given) throw new ScaffoldError('Name the remote: npm run new:remote -- <name> (e.g. reports).');
  const name = given.replace(/^remote-/, '');
  const folder = `remote-${name}`;
  if (!REMOTE_FOLDER.test(folder) || name.length > MAX_NAME)
    throw new ScaffoldError(
      `"${given}" is not a remote name: up to ${MAX_NAME} lowercase letters, digits and single hyphens, starting with a letter (e.g. reports, on-call-history).`,
    );
  if (existsSync(path.join(root, folder))) throw new ScaffoldError(`${folder}/ exists already: choose another name.`);
  if (RESERVED_PATHS.includes(name)) throw new ScaffoldError(`/${name} is the console's own path: choose another name.`);
  for (const remote of remoteApps(root)) {
    const file = path.join(root, remote, 'vigil-route.json');
    const taken = existsSync(file) && (JSON.parse(readFileSync(file, 'utf8')) as { path?: unknown }).path === name;
    if (taken) throw new ScaffoldError(`/${name} is ${remote}'s page: choose another name.`);
  }
  const words = name.split('-').join(' ');
  return {
    folder,
    container: containerName(folder),
    route: {
      path: name,
      module: `${pascal(name)}Page`,
      label: words[0]!.toUpperCase() + words.slice(1),
      icon: 'apps',
      order: 50,
      superuserOnly: false,
    },
  };
}

/** Writes `text` at `file`, its folder made first. */
function write(file: string, text: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** The remote's own folder: package.json (1.0.0), rsbuild.config.ts, tsconfig, its page and its test, vigil-route.json. */
export function writeRemoteFolder(root: string, remote: NewRemote): string[] {
  const dir = path.join(root, remote.folder);
  const pageFile = `src/pages/${remote.route.module}.tsx`;
  const files: Record<string, string> = {
    'package.json': packageJson(root, remote),
    'rsbuild.config.ts': rsbuildConfig(remote),
    'vigil-route.json': routeFile(remote),
    [pageFile]: pageSource(remote),
    [pageFile.replace(/\.tsx$/, '.test.tsx')]: pageTestSource(remote),
    ...STATIC_FILES,
  };
  for (const [file, text] of Object.entries(files)) write(path.join(dir, file), text);
  return Object.keys(files).map((file) => `${remote.folder}/${file}`);
}

/**
 * Adds the remote's service after the last remote's in docker-compose.yml, and its volume after
 * the last remote's volume. False, changing nothing, when the file is not laid out so: the caller then
 * prints the service to add by hand.
 */
export function addComposeService(root: string, remote: NewRemote, version: string): boolean {
  const file = path.join(root, 'docker-compose.yml');
  const lines = readFileSync(file, 'utf8').split('\n');
  const serviceKeys = lines.flatMap((line, i) => (/^ {2}remote-[a-z0-9-]+:$/.test(line) ? [i] : []));
  const volumesAt = lines.indexOf('volumes:');
  const lastService = serviceKeys.filter((i) => volumesAt === -1 || i < volumesAt).at(-1);
  const lastVolume = serviceKeys.filter((i) => i > volumesAt).at(-1);
  if (!lines.includes('x-remote: &remote') || lastService === undefined || lastVolume === undefined) return false;
  // The service ends where the next key or comment of `services:` starts.
  let end = lastService + 1;
  while (end < lines.length && !/^ {0,2}\S/.test(lines[end]!)) end++;
  lines.splice(lastVolume + 1, 0, `  ${remote.folder}:`);
  lines.splice(end, 0, ...composeService(remote, version).split('\n'));
  writeFileSync(file, lines.join('\n'));
  return true;
}

/** Adds the remote's line to the compose remotes map (deploy/remotes-map/default.json), the lines kept in name order. */
export function addMapLine(root: string, remote: NewRemote, version: string): void {
  const file = path.join(root, 'deploy/remotes-map/default.json');
  const entries = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.startsWith('  "'))
    .map((line) => line.replace(/,\s*$/, ''));
  entries.push(mapLine(remote, version));
  entries.sort();
  writeFileSync(file, `{\n${entries.join(',\n')}\n}\n`);
}
