import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { NGINX, type RunningNginx, startNginx } from './helpers/nginx.js';
import { type RemoteSites, startRemoteSites } from './helpers/remoteSites.js';
import { GATEWAY_TEMPLATE, readText, renderTemplate } from './helpers/repo.js';

// /remotes/ in the Compose shape: the gateway's real template in front of two remotes' real
// site configs (deploy/remote/nginx.conf), each reached by its service name (helpers/remoteSites). nginx decodes and resolves the path before it picks
// a location, and each remote's site does the same under its own root, so no form of `..`
// reaches a file outside a remote's folder. Requests go over a raw socket: fetch() would
// resolve the dot segments itself.

const SHELL_PAGE = 'vigil-shell-page';
/** What a remote's container holds beside its published versions (the nginx image's own page). */
const CONTAINER_FILE = 'vigil-outside-the-remote-folder';
const VERSION = '1.0.0';

let root: string;
const servers: RunningNginx[] = [];
let gateway: RunningNginx;
let remotes: RemoteSites | undefined;

function rawGet(target: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(gateway.port, '127.0.0.1', () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: vigil.test\r\nConnection: close\r\n\r\n`);
    });
    let answer = '';
    socket.setEncoding('latin1');
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    socket.on('error', reject);
    socket.on('end', () => {
      const [head = '', ...rest] = answer.split('\r\n\r\n');
      resolve({ status: Number(head.split(' ')[1]), body: rest.join('\r\n\r\n') });
    });
  });
}

/** A remote's container: its nginx root holds the image's own files and, under remotes/<remote>/, its versions. */
async function remoteSite(remote: string): Promise<string> {
  const site = path.join(root, remote);
  await mkdir(path.join(site, 'remotes', remote, VERSION), { recursive: true });
  await writeFile(path.join(site, 'remotes', remote, VERSION, 'mf-manifest.json'), JSON.stringify({ served_by: remote }));
  await writeFile(path.join(site, 'index.html'), CONTAINER_FILE);
  await writeFile(path.join(site, 'remotes', 'index.html'), CONTAINER_FILE);
  return site;
}

describe.skipIf(!NGINX)('gateway: /remotes/ normalised before it is routed', () => {
  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'vigil-remote-paths-'));
    const shellSite = path.join(root, 'shell');
    await mkdir(shellSite, { recursive: true });
    await writeFile(path.join(shellSite, 'index.html'), `<!doctype html><title>${SHELL_PAGE}</title>`);
    const shell = await startNginx(readText('deploy/shell/nginx.conf'), shellSite);
    servers.push(shell);
    remotes = await startRemoteSites({
      'remote-alerts': await remoteSite('remote-alerts'),
      'remote-admin': await remoteSite('remote-admin'),
    });
    // Nothing listens on port 9: the API is never reached.
    const env: Record<string, string> = {
      VIGIL_API_UPSTREAM: '127.0.0.1:9',
      VIGIL_SHELL_UPSTREAM: `127.0.0.1:${shell.port}`,
      VIGIL_BODY_LIMIT_BYTES: '1048576',
      VIGIL_FRONT_PROXY: 'unix:',
      ...remotes.env,
    };
    gateway = await startNginx(renderTemplate(readText(GATEWAY_TEMPLATE), env));
    servers.push(gateway);
  }, 60_000);

  afterAll(async () => {
    for (const server of servers) await server.stop();
    await remotes?.stop();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it("serves a remote's file, its dot segments resolved inside its folder", async () => {
    for (const target of [
      `/remotes/remote-alerts/${VERSION}/mf-manifest.json`,
      `/remotes/remote-alerts/./${VERSION}/mf-manifest.json`,
      `/remotes/remote-alerts/x/../${VERSION}/mf-manifest.json`,
      `/remotes/remote-alerts/x/%2e%2e/${VERSION}/mf-manifest.json`,
    ]) {
      const res = await rawGet(target);
      expect(res.status, target).toBe(200);
      expect(JSON.parse(res.body), target).toEqual({ served_by: 'remote-alerts' });
    }
  });

  it("never serves a remote container's files outside its folder: what leaves it lands elsewhere under /remotes/ (404) or on the shell", async () => {
    const outsideAnyRemote = [
      '/remotes/remote-alerts/../index.html',
      '/remotes/remote-alerts/%2e%2e/index.html',
      '/remotes/remote-alerts/%2E%2E/index.html',
      '/remotes/remote-alerts/.%2e/index.html',
      '/remotes/remote-alerts/..%2findex.html',
      '/remotes/remote-alerts%2f..%2findex.html',
      '/remotes/remote-alerts/../shell/index.html',
      '/remotes/remote-alerts/..%5cindex.html',
      '/remotes/remote-alerts/%252e%252e/index.html',
      '/remotes/remote-alerts/1.0.0/mf-manifest.json%00',
    ];
    for (const target of outsideAnyRemote) {
      const res = await rawGet(target);
      expect([400, 404], target).toContain(res.status);
      expect(res.body, target).not.toContain(CONTAINER_FILE);
    }
    // Above /remotes/ altogether: the path the console's router gets, never a container's file.
    for (const target of ['/remotes/remote-alerts/../../index.html', '/remotes/remote-alerts/%2e%2e/%2e%2e/index.html']) {
      const res = await rawGet(target);
      expect(res.body, target).toContain(SHELL_PAGE);
      expect(res.body, target).not.toContain(CONTAINER_FILE);
    }
    // Into another remote's folder: that remote's own service answers it, as for its own URL.
    const other = await rawGet(`/remotes/remote-alerts/../remote-admin/${VERSION}/mf-manifest.json`);
    expect(JSON.parse(other.body)).toEqual({ served_by: 'remote-admin' });
  });
});
