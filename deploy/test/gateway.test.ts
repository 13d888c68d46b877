import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../api/src/app.js';
import { parseConfig } from '../../api/src/config.js';
import { federationName } from '../../api/src/console/remotesMap.js';
import { type OpenDb, openDatabase } from '../../api/src/db/database.js';
import { consoleSecurityHeaders } from '../../api/src/securityHeaders.js';
import { NGINX, type RunningNginx, startNginx } from './helpers/nginx.js';
import { type ReleaseProject, releaseProject } from './helpers/releaseProject.js';
import { type RemoteSites, startRemoteSites } from './helpers/remoteSites.js';
import { GATEWAY_TEMPLATE, REMOTES, readCompose, readText, remotesMap, renderTemplate, versionOf } from './helpers/repo.js';

// The gateway's real config (deploy/gateway/templates) in Debian's nginx, in front of the
// real API and of the shell's and each remote's real site configs (one nginx each, as one
// container each, each remote reached by its service name), serving small sites laid out as
// the images lay them out.

if (!NGINX)
  console.warn('nginx is not installed: the gateway tests are skipped (Debian: apt-get install nginx; npm test installs it as root).');

const ADMIN = { email: 'admin@example.com', password: 'gateway-admin-1' };
// remote-actions' standalone page in each of its version folders, which the API serves for
// /actions/<id> (as a file here: these builds have no server renderer; publicPage.test.ts has one).
const ACTIONS_PAGE = 'page/index.html';
const MISSING_ALERT = '2f1c7c1e-8d0a-4f43-9a51-0c0e6f7c3b11';
// Content-hashed names, like Rsbuild's; big enough for the gateway to compress.
const SHELL_ASSET = '/static/js/index.0123abcd.js';
const REMOTE_CHUNK = 'static/js/page.89abcdef.js';
const js = (label: string) => `/* ${label} */\n${'console.log("vigil");\n'.repeat(200)}`;
// A version of remote-alerts newer than the checkout's, published beside it as a release would.
const NEXT_ALERTS = '9.1.0';
// A remote of no workspace, whose service starts once the gateway runs.
const NEWCOMER_VERSION = '0.1.0';
// Where docker-compose.yml puts the remotes map, inside the gateway's container.
const MAP_DIR = '/srv/vigil/remotes-map';

let root: string | undefined;
let api: FastifyInstance | undefined;
let db: OpenDb | undefined;
const servers: RunningNginx[] = [];
let gateway: RunningNginx;
/** Each remote's service, reached by its name. */
let remotes: RemoteSites | undefined;
/** The gateway's environment as docker-compose.yml gives it, with local addresses (and a local DNS) instead of Docker's. */
const env: Record<string, string> = { VIGIL_BODY_LIMIT_BYTES: String(64 * 1024), VIGIL_FRONT_PROXY: 'unix:' };
/** deploy/release.sh's files; the gateway reads the remotes map from its folder. */
let project: ReleaseProject;
const startGateway = (template = readText(GATEWAY_TEMPLATE)) =>
  startNginx(renderTemplate(template, env), undefined, { [MAP_DIR]: project.mapDir });

const get = (pathname: string, init?: RequestInit) => fetch(`${gateway.url}${pathname}`, { redirect: 'manual', ...init });

/** The shell's image: dist/shell at the site root. */
async function shellSite(root: string): Promise<string> {
  const site = path.join(root, 'shell');
  await mkdir(path.join(site, 'static/js'), { recursive: true });
  await writeFile(
    path.join(site, 'index.html'),
    `<!doctype html><title>vigil-shell-page</title><script defer src="${SHELL_ASSET}"></script>`,
  );
  await writeFile(path.join(site, SHELL_ASSET), js('shell'));
  // One public page prerendered by the build (shell/rsbuild.prerender.ts), with its gzip copy;
  // this site has no /login one, as an older shell build would have none.
  await writeFile(path.join(site, 'signup.html'), PRERENDERED_SIGNUP);
  await writeFile(path.join(site, 'signup.html.gz'), gzipSync(PRERENDERED_SIGNUP));
  return site;
}

const PRERENDERED_SIGNUP = `<!doctype html><title>vigil-prerendered-signup</title>${'<label>Full name</label>'.repeat(80)}`;

/** One build of a remote: its manifest, a chunk, and remote-actions' standalone page. */
async function remoteBuild(folder: string, remote: string, version: string): Promise<void> {
  await mkdir(path.join(folder, 'static/js'), { recursive: true });
  await writeFile(path.join(folder, 'mf-manifest.json'), JSON.stringify({ name: federationName(remote), served_by: remote, version }));
  await writeFile(path.join(folder, REMOTE_CHUNK), js(`${remote} ${version}`));
  if (remote === 'remote-actions') {
    await mkdir(path.dirname(path.join(folder, ACTIONS_PAGE)), { recursive: true });
    await writeFile(path.join(folder, ACTIONS_PAGE), `<!doctype html><title>vigil-actions-page ${version}</title>`);
  }
}

/** A remote's published versions (its volume): the checkout's; remote-alerts also a newer one, as after its release. */
const versionsDir = (root: string, remote: string) => path.join(root, remote, 'remotes', remote);

/** A remote's container: its volume at /remotes/<remote>/ holding every version published there. */
async function remoteSite(root: string, remote: string): Promise<string> {
  const versions = REMOTES.includes(remote)
    ? [versionOf(remote), ...(remote === 'remote-alerts' ? [NEXT_ALERTS] : [])]
    : [NEWCOMER_VERSION];
  for (const version of versions) await remoteBuild(path.join(versionsDir(root, remote), version), remote, version);
  return path.join(root, remote);
}

/** Has the map name a remote-actions version that was never published (no page), runs `check`, then puts the map back. */
async function withActionsVersionUnpublished(check: () => Promise<void>): Promise<void> {
  const live = path.join(project.mapDir, 'live.json');
  const before = await readFile(live, 'utf8').catch(() => undefined);
  await writeFile(live, JSON.stringify(remotesMap({ 'remote-actions': '0.0.1-never-published' })));
  try {
    await check();
  } finally {
    if (before === undefined) await rm(live);
    else await writeFile(live, before);
  }
}

describe.skipIf(!NGINX)('gateway: one origin for the API, the shell and each remote', () => {
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'vigil-gateway-'));
    project = await releaseProject();
    db = await openDatabase({ kind: 'pglite' });
    const config = parseConfig({
      CONSOLE_DIR: 'none',
      // The gateway's address, as docker-compose.yml gives it (clientAddress.test.ts).
      TRUST_PROXY: '127.0.0.1',
      // As docker-compose.yml mounts them: remote-actions' volume, and the gateway's map folder.
      REMOTE_ACTIONS_DIR: versionsDir(root, 'remote-actions'),
      REMOTES_MAP_DIR: project.mapDir,
      FIRST_SUPERUSER: ADMIN.email,
      FIRST_SUPERUSER_PASSWORD: ADMIN.password,
    });
    api = await buildApp({ config: { ...config, secretKey: 'gateway-test-secret-key-0123456789abcdef' }, db, logger: false });
    await api.listen({ port: 0, host: '127.0.0.1' });
    const apiPort = (api.server.address() as { port: number }).port;

    const shell = await startNginx(readText('deploy/shell/nginx.conf'), await shellSite(root));
    servers.push(shell);
    env.VIGIL_API_UPSTREAM = `127.0.0.1:${apiPort}`;
    env.VIGIL_SHELL_UPSTREAM = `127.0.0.1:${shell.port}`;
    const sites: Record<string, string> = {};
    for (const remote of REMOTES) sites[remote] = await remoteSite(root, remote);
    remotes = await startRemoteSites(sites);
    Object.assign(env, remotes.env);
    gateway = await startGateway();
    servers.push(gateway);
  }, 60_000);

  afterAll(async () => {
    for (const server of servers) await server.stop();
    await remotes?.stop();
    await api?.close();
    await db?.destroy();
    await project?.remove();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('renders with exactly the variables docker-compose.yml gives the gateway', () => {
    const given = Object.keys(readCompose().services.gateway.environment).filter((name) => name.startsWith('VIGIL_'));
    expect(() => renderTemplate(readText(GATEWAY_TEMPLATE), Object.fromEntries(given.map((name) => [name, 'x'])))).not.toThrow();
  });

  it("serves the shell's page for / and for every console route, revalidated on each load", async () => {
    for (const pathname of ['/', '/login', '/alerts?page=2', '/admin/users']) {
      const res = await get(pathname);
      expect(res.status, pathname).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toContain('vigil-shell-page');
    }
  });

  it('serves a public page the build prerendered as its own HTML, gzip-compressed, revalidated; the others get the page', async () => {
    for (const pathname of ['/signup', '/signup?from=mail']) {
      const res = await get(pathname, { headers: { 'accept-encoding': 'gzip' } });
      expect(res.status, pathname).toBe(200);
      expect(res.headers.get('content-type')).toMatch(/^text\/html/);
      expect(res.headers.get('content-encoding')).toBe('gzip');
      expect(res.headers.get('cache-control')).toBe('no-cache');
      expect(await res.text()).toBe(PRERENDERED_SIGNUP);
    }
    for (const pathname of ['/signup/', '/signup/more', '/login', '/recover-password']) {
      expect(await (await get(pathname)).text(), pathname).toContain('vigil-shell-page');
    }
  });

  it("serves the shell's hashed assets for a year, compressed; a missing asset is a 404, not the page", async () => {
    const res = await get(SHELL_ASSET, { headers: { 'accept-encoding': 'gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(res.headers.get('content-encoding')).toBe('gzip');
    expect(await res.text()).toContain('/* shell */');
    const missing = await get('/static/js/missing.0000aaaa.js');
    expect(missing.status).toBe(404);
    expect(await missing.text()).not.toContain('vigil-shell-page');
  });

  it('serves /remotes.json before any release: each remote at the version its image defaults to, never cached', async () => {
    const res = await get('/remotes.json');
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^application\/json/);
    expect(res.headers.get('cache-control')).toBe('no-cache');
    expect(res.headers.get('access-control-allow-origin')).toBe('*');
    // The shape the single-process server gives (api/src/console/remotesMap.ts).
    expect(await res.json()).toEqual(remotesMap(Object.fromEntries(REMOTES.map((r) => [r, versionOf(r)]))));
  });

  it('switches /remotes.json on deploy/release.sh, rolled out and back, with no nginx restart; both versions stay served', async () => {
    const defaults = Object.fromEntries(REMOTES.map((r) => [r, versionOf(r)]));
    const out = project.release(['alerts', NEXT_ALERTS]);
    expect(out.status, out.stderr).toBe(0);
    const after = await get('/remotes.json');
    expect(await after.json()).toEqual(remotesMap({ ...defaults, 'remote-alerts': NEXT_ALERTS }));
    // A page opened before the release still loads the chunks of the version it started with.
    const oldChunk = await get(`/remotes/remote-alerts/${versionOf('remote-alerts')}/${REMOTE_CHUNK}`);
    expect(oldChunk.status).toBe(200);
    expect(await oldChunk.text()).toContain(`/* remote-alerts ${versionOf('remote-alerts')} */`);
    expect(await (await get(`/remotes/remote-alerts/${NEXT_ALERTS}/mf-manifest.json`)).json()).toMatchObject({ version: NEXT_ALERTS });

    const back = project.release(['alerts', versionOf('remote-alerts')]);
    expect(back.status, back.stderr).toBe(0);
    // The roll-back's map has the size of the one before, likely its mtime second too: a
    // browser revalidating the map it holds must still get the new one, never a 304.
    const revalidated = await get('/remotes.json', {
      headers: {
        'if-none-match': after.headers.get('etag') ?? '"any"',
        'if-modified-since': new Date(Date.now() + 3600_000).toUTCString(),
      },
    });
    expect(revalidated.status).toBe(200);
    expect(await revalidated.json()).toEqual(remotesMap(defaults));
    // The gateway started before the releases, never signalled: still the same process.
    expect(process.kill(gateway.pid, 0)).toBe(true);
  });

  it("refuses a body over the API's limit itself, and passes smaller ones to the API", async () => {
    const post = (bytes: number) =>
      get('/api/v1/login/access-token', {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: `username=x%40example.com&password=${'x'.repeat(bytes)}`,
      });
    expect((await post(Number(env.VIGIL_BODY_LIMIT_BYTES) + 1)).status).toBe(413);
    // Reaches the API, which answers for itself (a wrong password).
    const small = await post(50);
    expect(small.status).toBe(400);
    expect(small.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it("routes each remote's path to that remote's own service", async () => {
    for (const remote of REMOTES) {
      const base = `/remotes/${remote}/${versionOf(remote)}`;
      const manifest = await get(`${base}/mf-manifest.json`);
      expect(manifest.status, remote).toBe(200);
      expect(manifest.headers.get('cache-control')).toBe('no-cache');
      expect(manifest.headers.get('access-control-allow-origin')).toBe('*');
      expect(await manifest.json()).toEqual({ name: federationName(remote), served_by: remote, version: versionOf(remote) });
      const chunk = await get(`${base}/${REMOTE_CHUNK}`);
      expect(chunk.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
      expect(await chunk.text()).toContain(`/* ${remote} ${versionOf(remote)} */`);
    }
  });

  it("answers 404 for a version a remote's service does not have", async () => {
    expect((await get('/remotes/remote-alerts/9.9.9/mf-manifest.json')).status).toBe(404);
  });

  it('reaches a remote by its service name alone: one that is not running is a 502, a name outside remote-<name> a 404 asked of no one', async () => {
    const asked = remotes!.queries.length;
    expect((await get('/remotes/remote-unknown/1.0.0/mf-manifest.json')).status).toBe(502);
    expect(remotes!.queries.slice(asked)).toContain('remote-unknown');
    // Not a service name the pattern admits: no other host (a dot), port (a colon), case, or app.
    for (const pathname of [
      '/remotes/remote-alerts.example.org/1.0.0/mf-manifest.json',
      '/remotes/remote-alerts:8080/1.0.0/mf-manifest.json',
      '/remotes/remote-alerts%2eexample.org/1.0.0/mf-manifest.json',
      '/remotes/Remote-Alerts/1.0.0/mf-manifest.json',
      '/remotes/remote_alerts/1.0.0/mf-manifest.json',
      '/remotes/shell/index.html',
      '/remotes/api/v1/utils/health-check/',
      '/remotes/remote-alerts',
    ]) {
      const before = remotes!.queries.length;
      expect((await get(pathname)).status, pathname).toBe(404);
      expect(remotes!.queries.slice(before), pathname).toEqual([]);
    }
  });

  it('serves a remote added after the gateway started, with no change to its config and no reload', async () => {
    const newcomer = 'remote-newcomer';
    await remotes!.add(newcomer, await remoteSite(root!, newcomer));
    const res = await get(`/remotes/${newcomer}/${NEWCOMER_VERSION}/mf-manifest.json`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ name: federationName(newcomer), served_by: newcomer, version: NEWCOMER_VERSION });
    expect(process.kill(gateway.pid, 0)).toBe(true);
  });

  it('routes /api/ to the API: health check, a login with a form body, and the API’s own 404', async () => {
    const health = await get('/api/v1/utils/health-check/');
    expect(health.status).toBe(200);
    expect(await health.json()).toBe(true);

    const login = await get('/api/v1/login/access-token', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: ADMIN.email, password: ADMIN.password }).toString(),
    });
    expect(login.status).toBe(200);
    const { access_token } = (await login.json()) as { access_token: string };
    const me = await get('/api/v1/users/me', { headers: { authorization: `Bearer ${access_token}` } });
    expect(await me.json()).toMatchObject({ email: ADMIN.email, is_superuser: true });

    const missing = await get('/api/v1/no-such-route');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('content-type')).toMatch(/^application\/json/);
  });

  it('routes /v2/enqueue (the PagerDuty drop-in) to the API, whose PagerDuty-shaped answer comes back', async () => {
    const res = await get('/v2/enqueue', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ routing_key: 'no-such-key-0123456789abcdef', event_action: 'resolve', dedup_key: 'x' }),
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ status: 'invalid event', message: 'Event object is invalid', errors: ['Invalid routing key'] });
  });

  it("routes the Opsgenie drop-in (/v2/alerts, /v2/heartbeats/) and OnCall's integration URLs to the API, answered in the vendors' shapes", async () => {
    const opsgenie = [
      ['POST', '/v2/alerts'],
      ['POST', '/v2/alerts/backup%2Fdb-1/close?identifierType=alias'],
      ['GET', '/v2/alerts/requests/2f1c7c1e-8d0a-4f43-9a51-0c0e6f7c3b11'],
      ['GET', '/v2/heartbeats/nightly/ping'],
    ] as const;
    for (const [method, pathname] of opsgenie) {
      const res = await get(pathname, {
        method,
        headers: { authorization: 'GenieKey no-such-key', 'content-type': 'application/json' },
        ...(method === 'POST' && { body: JSON.stringify({ message: 'x' }) }),
      });
      expect(res.status, pathname).toBe(401);
      expect(await res.json(), pathname).toMatchObject({ message: 'Could not authenticate' });
    }
    for (const kind of ['alertmanager', 'grafana_alerting', 'formatted_webhook', 'webhook']) {
      const res = await get(`/integrations/v1/${kind}/no-such-token/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ title: 'x' }),
      });
      expect(res.status, kind).toBe(403);
      expect(await res.json()).toEqual({ detail: 'Integration key was not found. Permission denied.' });
    }
  });

  it('has the API answer /actions/<id> with the page of the remote-actions version the map names', async () => {
    // No such alert: the page, with the status of the refusal (a build with a renderer shows it: publicPage.test.ts).
    const res = await get(`/actions/${MISSING_ALERT}`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await res.text()).toContain(`vigil-actions-page ${versionOf('remote-actions')}`);
  });

  it("leaves /actions/<id> to the shell's route when the live remote-actions version has no page (an older one)", async () => {
    await withActionsVersionUnpublished(async () => {
      for (const pathname of [`/actions/${MISSING_ALERT}`, `/acknowledge/${MISSING_ALERT}`, '/contacts/confirm']) {
        const res = await get(pathname);
        expect(res.status, pathname).toBe(200);
        expect(await res.text(), pathname).toContain('vigil-shell-page');
      }
    });
  });

  it('never writes an ingest key to its access log', async () => {
    const secret = 'k3y-that-must-not-be-logged-0123456789abcdef';
    await get(`/api/v1/ingest/${secret}/alertmanager?x=1`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    await get(`/api/v1/ingest/${secret}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
    // nginx writes the line once the answer is sent; give it a moment.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const log = await gateway.accessLog();
    expect(log).toContain('POST /api/v1/ingest/[redacted]/alertmanager?x=1 HTTP/1.1');
    expect(log).toContain('POST /api/v1/ingest/[redacted] HTTP/1.1');
    expect(log).not.toContain(secret);
  });

  it('never writes a link token to a log: the gateway redacts it, and only the API, which checks it, receives it', async () => {
    const token = '1.t3st.bGluay10b2tlbi10ZXN0.SIGNATUREthatMustNotBeLogged0123456789abcd';
    const res = await get(`/actions/${MISSING_ALERT}?t=${token}`);
    expect(await res.text()).toContain('vigil-actions-page');
    await withActionsVersionUnpublished(async () => {
      const fallback = await get(`/acknowledge/${MISSING_ALERT}?t=${token}`);
      expect(await fallback.text()).toContain('vigil-shell-page');
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(await gateway.accessLog()).toContain(`GET /actions/${MISSING_ALERT}?[redacted] HTTP/1.1`);
    for (const server of servers) expect(await server.accessLog()).not.toContain('SIGNATUREthatMustNotBeLogged');
  });

  it("serves a contact's confirmation page (remote-actions' page, from the API), its token neither logged nor passed on", async () => {
    const token = 'CONFIRMATIONtokenThatMustNotBeLogged0123456789';
    const res = await get(`/contacts/confirm?t=${token}`);
    expect(await res.text()).toContain('vigil-actions-page');
    expect(await (await get('/contacts/other')).text()).toContain('vigil-shell-page');
    // nginx writes the line once the answer is sent.
    await expect.poll(() => gateway.accessLog()).toContain('GET /contacts/confirm?[redacted] HTTP/1.1');
    for (const server of servers) expect(await server.accessLog()).not.toContain('CONFIRMATIONtokenThatMustNotBeLogged');
  });

  it('sends the console pages the same security headers as the one-process API serves them with', async () => {
    const page = await get('/login');
    // The API's own console headers (helmet's document set, api/src/securityHeaders.ts):
    // both ways of serving the console must protect it alike.
    const expected = new Map(consoleSecurityHeaders());
    for (const header of [
      'content-security-policy',
      'x-content-type-options',
      'x-frame-options',
      'referrer-policy',
      'cross-origin-opener-policy',
    ]) {
      expect(page.headers.get(header), header).toBe(expected.get(header));
      expect(page.headers.get(header), header).toBeTruthy();
    }
    // JSON answers get the API's own stricter set through the gateway.
    const apiAnswer = await get('/api/v1/utils/health-check/');
    expect(apiAnswer.headers.get('content-security-policy')).toBe("default-src 'none'; frame-ancestors 'none'");
  });
});
