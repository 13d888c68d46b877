import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayStack, startGatewayStack } from './helpers/gatewayStack.js';
import { NGINX, type RunningNginx, startNginx } from './helpers/nginx.js';
import { readText, versionOf } from './helpers/repo.js';

// Compressed answers through the compose stack's real configs in Debian's nginx: the shell's
// and a remote's site send the build's .gz copies (gzip_static), the gateway passes them on,
// and passes the API's own compressed JSON on; a client that asks for none gets the bytes.

const SHELL_ASSET = '/static/js/index.0123abcd.js';
const REMOTE = 'remote-alerts';
const REMOTE_ASSET = `/remotes/${REMOTE}/${versionOf(REMOTE)}/static/js/page.89abcdef.js`;
const js = (label: string) => `/* ${label} */\n${Array.from({ length: 300 }, (_, i) => `console.log("vigil ${i}");`).join('\n')}`;

interface Raw {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}

/** A GET whose body is left as it came (fetch would decode it), with exactly the headers given. */
const rawGet = (url: string, headers: Record<string, string> = {}) =>
  new Promise<Raw>((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });

/** A file and the .gz copy the build writes beside it; the copy's size tells it from on-the-fly gzip. */
async function writeWithGzip(file: string, text: string): Promise<number> {
  await mkdir(path.dirname(file), { recursive: true });
  await writeFile(file, text);
  const gz = gzipSync(text, { level: 9 });
  await writeFile(`${file}.gz`, gz);
  return gz.length;
}

describe.skipIf(!NGINX)('compressed answers through the gateway', () => {
  let root: string;
  let stack: GatewayStack;
  let gateway: RunningNginx;
  const servers: RunningNginx[] = [];
  const gz: Record<string, number> = {};

  beforeAll(async () => {
    root = await mkdtemp(path.join(tmpdir(), 'vigil-compress-'));
    const shellSite = path.join(root, 'shell');
    gz.shell = await writeWithGzip(path.join(shellSite, SHELL_ASSET), js('shell'));
    await writeFile(path.join(shellSite, 'index.html'), `<!doctype html><title>shell</title>${'<p>page</p>'.repeat(200)}`);
    const remoteSite = path.join(root, 'remote');
    gz.remote = await writeWithGzip(path.join(remoteSite, REMOTE_ASSET), js(REMOTE));

    stack = await startGatewayStack({ TRUST_PROXY: '127.0.0.1' }, { [REMOTE]: remoteSite });
    const shell = await startNginx(readText('deploy/shell/nginx.conf'), shellSite);
    servers.push(shell);
    gateway = await stack.startGateway({ VIGIL_SHELL_UPSTREAM: `127.0.0.1:${shell.port}` });
  }, 60_000);

  afterAll(async () => {
    for (const server of servers) await server.stop();
    await stack?.close();
    if (root) await rm(root, { recursive: true, force: true });
  });

  it("sends the shell's and a remote's hashed JS as the build's .gz copy, with Vary, to a browser", async () => {
    for (const [asset, label, size] of [
      [SHELL_ASSET, 'shell', gz.shell],
      [REMOTE_ASSET, REMOTE, gz.remote],
    ] as const) {
      const res = await rawGet(gateway.url + asset, { 'accept-encoding': 'gzip, deflate, br, zstd' });
      expect(res.status, asset).toBe(200);
      expect(res.headers['content-encoding'], asset).toBe('gzip');
      expect(res.headers.vary, asset).toMatch(/accept-encoding/i);
      expect(res.headers['content-type'], asset).toMatch(/javascript/);
      expect(res.headers['cache-control'], asset).toBe('public, max-age=31536000, immutable');
      // The precompressed file itself (gzip_static), not a compression made per request.
      expect(res.body.length, asset).toBe(size);
      expect(Number(res.headers['content-length']), asset).toBe(size);
      expect(gunzipSync(res.body).toString(), asset).toBe(js(label));
    }
  });

  it('sends the bytes themselves to a client that accepts no encoding', async () => {
    const res = await rawGet(gateway.url + SHELL_ASSET);
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.body.toString()).toBe(js('shell'));
  });

  it("compresses the console's page and the API's large JSON answers; small ones stay as they are", async () => {
    const page = await rawGet(`${gateway.url}/alerts`, { 'accept-encoding': 'gzip' });
    expect(page.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(page.body).toString()).toContain('<title>shell</title>');

    // The OpenAPI document: tens of KiB of JSON. The API compresses it (brotli, as asked) and
    // the gateway passes it on unchanged.
    const br = await rawGet(`${gateway.url}/api/v1/openapi.json`, { 'accept-encoding': 'br, gzip' });
    expect(br.status).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    const gzipped = await rawGet(`${gateway.url}/api/v1/openapi.json`, { 'accept-encoding': 'gzip' });
    expect(gzipped.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzipped.body).toString())).toHaveProperty('openapi');
    const plain = await rawGet(`${gateway.url}/api/v1/openapi.json`);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(JSON.parse(plain.body.toString())).toHaveProperty('openapi');

    const small = await rawGet(`${gateway.url}/api/v1/utils/health-check/`, { 'accept-encoding': 'gzip' });
    expect(small.status).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });
});
