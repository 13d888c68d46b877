import { spawnSync } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, type GatewayStack, startGatewayStack } from './helpers/gatewayStack.js';
import { NGINX, type RunningNginx } from './helpers/nginx.js';
import { ROOT, versionOf } from './helpers/repo.js';

// The public action page in the compose shape: the gateway's real template sends /actions/<id>
// and its form posts to the real API (API only, CONSOLE_DIR=none), which renders the page with
// the server renderer of the remote-actions version the remotes map names, read from that
// remote's published files (its volume, as docker-compose.yml mounts it); the page's scripts come
// from remote-actions' own site config. remote-actions is really built here (page and renderer).

const VERSION = versionOf('remote-actions');
const TITLE = 'Disk full on db-7 (gateway)';
const LOAD_FAILED = 'Failed to load alert data or alert doesn'; // …'t exist (docs/product.md §8; the apostrophe is escaped in HTML)

let root: string;
let stack: GatewayStack;
let gateway: RunningNginx;
let alertId: string;
let authorization: string;

const get = (pathname: string, init?: RequestInit) => fetch(`${gateway.url}${pathname}`, { redirect: 'manual', ...init });
const formPost = (pathname: string) =>
  get(pathname, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });

describe.skipIf(!NGINX)('the public action page through the gateway', () => {
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'vigil-public-page-'));
    // remote-actions' site: its volume holds /remotes/remote-actions/<version>/ (page/, server/, …).
    const site = path.join(root, 'remote-actions-site');
    const build = spawnSync('npx', ['rsbuild', 'build', '--environment', 'page', '--environment', 'server'], {
      cwd: path.join(ROOT, 'remote-actions'),
      env: { ...process.env, CONSOLE_DIR: path.join(site, 'remotes'), VIGIL_BUILD_VERSION: VERSION, NODE_ENV: 'production' },
      encoding: 'utf8',
    });
    expect(build.status, build.stderr + build.stdout).toBe(0);
    // The gateway's map folder, before any release: the checkout's default.json.
    const mapDir = path.join(root, 'remotes-map');
    await mkdir(mapDir);
    await copyFile(path.join(ROOT, 'deploy/remotes-map/default.json'), path.join(mapDir, 'default.json'));

    stack = await startGatewayStack(
      {
        TRUST_PROXY: '127.0.0.1',
        REMOTE_ACTIONS_DIR: path.join(site, 'remotes', 'remote-actions'),
        REMOTES_MAP_DIR: mapDir,
      },
      { 'remote-actions': site },
    );
    gateway = stack.gateway;

    const login = await stack.api.inject({
      method: 'POST',
      url: '/api/v1/login/access-token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({ username: ADMIN.email, password: ADMIN.password }).toString(),
    });
    authorization = `Bearer ${login.json().access_token}`;
    const created = await stack.api.inject({
      method: 'POST',
      url: '/api/v1/alert/',
      headers: { authorization },
      payload: { title: TITLE, description: 'Free space below 5 %', severity: 'critical' },
    });
    expect(created.statusCode, created.body).toBe(200);
    alertId = created.json().id;
  }, 300_000);

  afterAll(async () => {
    await stack?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it('answers /actions/<id> with the alert rendered on the server, compressed, its scripts from the live version', async () => {
    const res = await get(`/actions/${alertId}`, { headers: { 'accept-encoding': 'br, gzip' } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^text\/html/);
    expect(['br', 'gzip']).toContain(res.headers.get('content-encoding'));
    expect(res.headers.get('cache-control')).toBe('no-store');
    const html = await res.text();
    // The alert and its three buttons are in the HTML, styled (Griffel's rules in <head>), before any script.
    expect(html).toContain(`>${TITLE}</h1>`);
    expect(html).toContain('Free space below 5 %');
    for (const text of ['Open', 'Critical', 'Acknowledge', 'Escalate', 'Close']) expect(html).toContain(`>${text}<`);
    expect(html).toMatch(/<style[^>]*data-make-styles-bucket/);
    const form = /<form [^>]*>/.exec(html)?.[0];
    expect(form).toContain('method="post"');
    expect(form).toContain(`action="/actions/${alertId}/acknowledge"`);
    // The scripts that hydrate it: the same version's page, from remote-actions' service.
    const scripts = [...html.matchAll(/<script[^>]* src="([^"]+)"/g)].map((m) => m[1]!);
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src.startsWith(`/remotes/remote-actions/${VERSION}/page/`), src).toBe(true);
      const script = await get(src, { headers: { 'accept-encoding': 'gzip' } });
      expect(script.status, src).toBe(200);
      expect(script.headers.get('content-encoding'), src).toBe('gzip');
      const file = path.join(root, 'remote-actions-site', src);
      expect(await script.text(), src).toBe(await readFile(file, 'utf8'));
    }
  });

  it('acts on a button’s plain form post (no JavaScript) and answers with the rendered result page', async () => {
    const posted = await formPost(`/actions/${alertId}/acknowledge`);
    expect(posted.status).toBe(303);
    expect(posted.headers.get('location')).toBe(`/acknowledge/${alertId}`);
    const result = await get(posted.headers.get('location')!);
    expect(result.status).toBe(200);
    expect(await result.text()).toContain('>Alert Acknowledged</h1>');
    const alert = await (await get(`/api/v1/alert/${alertId}`)).json();
    expect(alert).toMatchObject({ id: alertId, state: 'acknowledged' });
    // A GET of the form's URL (a mail scanner) never acts: back to the alert's page.
    const scanned = await get(`/actions/${alertId}/close`);
    expect(scanned.status).toBe(303);
    expect(scanned.headers.get('location')).toBe(`/actions/${alertId}`);
    expect(((await (await get(`/api/v1/alert/${alertId}`)).json()) as { state: string }).state).toBe('acknowledged');
  });

  it("refuses a form post from another site with a 403 page, and takes one from the gateway's own origin", async () => {
    const created = await stack.api.inject({
      method: 'POST',
      url: '/api/v1/alert/',
      headers: { authorization },
      payload: { title: 'Cross-site' },
    });
    const id = created.json().id as string;
    const post = (headers: Record<string, string>) =>
      get(`/actions/${id}/acknowledge`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
        body: '',
      });
    const refused = await post({ origin: 'https://elsewhere.example', 'sec-fetch-site': 'cross-site' });
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('This action was sent from another website, so nothing was done.');
    expect(((await (await get(`/api/v1/alert/${id}`)).json()) as { state: string }).state).toBe('open');
    // The gateway's own origin, port and all (nginx passes the API the host without its port).
    const own = await post({ origin: new URL(gateway.url).origin, 'sec-fetch-site': 'same-origin' });
    expect(own.status).toBe(303);
    expect(((await (await get(`/api/v1/alert/${id}`)).json()) as { state: string }).state).toBe('acknowledged');
  });

  it("renders a missing alert's refusal on the server, with its status", async () => {
    const res = await get('/actions/2f1c7c1e-8d0a-4f43-9a51-0c0e6f7c3b11');
    expect(res.status).toBe(404);
    expect(await res.text()).toContain(LOAD_FAILED);
  });
});
