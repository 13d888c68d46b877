import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parse } from 'yaml';
import { remoteApps } from '../../../scripts/apps.js';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

const readJson = (file: string) => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8'));

/** Every remote the workspace has (`remote-*` in the root package.json's workspaces), by name. */
export const REMOTES: string[] = remoteApps(ROOT);

/** An app's version, from its package.json: what its image tag must be. */
export const versionOf = (app: string): string => readJson(`${app}/package.json`).version;

/** `remote-alerts` → `VIGIL_REMOTE_ALERTS_VERSION`: the variable that picks the app's version. */
export const versionVariable = (app: string) => `VIGIL_${app.replaceAll('-', '_').toUpperCase()}_VERSION`;

/** `api` → `VIGIL_API_UPSTREAM`: the gateway's address of the app's service (the API's and the shell's; a remote is its service name). */
export const upstreamVariable = (app: string) => `VIGIL_${app.replaceAll('-', '_').toUpperCase()}_UPSTREAM`;

export const readText = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');

/** The route a remote declares for the console's menu (`<remote>/vigil-route.json`), if any. */
export const routeOf = (remote: string): unknown =>
  existsSync(path.join(ROOT, remote, 'vigil-route.json')) ? readJson(`${remote}/vigil-route.json`) : undefined;

/**
 * The remotes map the shell reads (/remotes.json), for the given version of each remote: the
 * manifest URL, or `{entry, route}` for a remote that declares its route (docs/console/adding-a-remote.md).
 */
export const remotesMap = (versions: Record<string, string>): Record<string, unknown> =>
  Object.fromEntries(
    Object.entries(versions).map(([remote, version]) => {
      const entry = `/remotes/${remote}/${version}/mf-manifest.json`;
      const route = routeOf(remote);
      return [remote.replaceAll('-', '_'), route === undefined ? entry : { entry, route }];
    }),
  );

/** docker-compose.yml as data, anchors resolved. */
export const readCompose = (): any => parse(readText('docker-compose.yml'), { merge: true });

export const GATEWAY_TEMPLATE = 'deploy/gateway/templates/default.conf.template';

/**
 * What the nginx image does to a template at start, for the variables NGINX_ENVSUBST_FILTER
 * lets through: `${VIGIL_X}` and `$VIGIL_X` become their values. Unlike the image, an unset
 * variable is an error here (nginx would refuse the result anyway).
 */
export function renderTemplate(template: string, vars: Record<string, string>): string {
  return template.replace(/\$(\{)?(VIGIL_\w*)(\})?/g, (_match, _open, name: string) => {
    const value = vars[name];
    if (value === undefined) throw new Error(`${GATEWAY_TEMPLATE} uses ${name}, which is not set`);
    return value;
  });
}

/** The VIGIL_* variables a template uses. */
export const templateVariables = (template: string) => new Set([...template.matchAll(/\$\{?(VIGIL_\w*)/g)].map((m) => m[1]!));

/** The Node.js major the project supports and CI and the images run: `.nvmrc` (one line, e.g. `26`). */
export const NODE_MAJOR = readText('.nvmrc').trim();
