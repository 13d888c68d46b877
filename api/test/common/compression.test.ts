import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { closeServer } from '../helpers/eventStream.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

// What goes over the wire: the console's assets as the build precompressed them, negotiated by
// Accept-Encoding, and the API's JSON compressed above 1 KiB; change streams never compressed.

const CHROMIUM = 'gzip, deflate, br, zstd';
const JS = `${'export const lines = ['.padEnd(40)}${Array.from({ length: 400 }, (_, i) => `"line ${i}"`).join(',')}];\n`;
const JS_PATH = 'shell/static/js/index.0123456789.js';
const PAGE = `<!doctype html><title>Vigil</title>${'<p>page</p>'.repeat(100)}`;

/** A small built console, each text file with the .br and .gz copies the build writes beside it. */
function writeConsole(dir: string) {
  const write = (file: string, text: string, precompressed = true) => {
    const full = path.join(dir, file);
    mkdirSync(path.dirname(full), { recursive: true });
    writeFileSync(full, text);
    if (!precompressed) return;
    writeFileSync(`${full}.br`, brotliCompressSync(text));
    writeFileSync(`${full}.gz`, gzipSync(text));
  };
  write('shell/index.html', PAGE);
  write(JS_PATH, JS);
  write('remote-alerts/1.0.0/mf-manifest.json', '{}', false);
  write('remote-alerts/1.0.0/static/css/index.0123456789.css', `body{margin:0}${'.a{color:red}'.repeat(200)}`);
}

describe('compression', () => {
  let t: TestApp;
  let consoleDir: string;
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    consoleDir = mkdtempSync(path.join(tmpdir(), 'vigil-compress-'));
    writeConsole(consoleDir);
    t = await createTestApp({ consoleDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(consoleDir, { recursive: true, force: true });
  });

  it("sends a hashed asset's brotli copy to a browser, gzip to a gzip-only client, the file itself otherwise", async () => {
    const url = `/static/${JS_PATH.slice('shell/static/'.length)}`;
    const br = await get(url, { 'accept-encoding': CHROMIUM });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^(text|application)\/javascript/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(Number(br.headers['content-length'])).toBe(br.rawPayload.length);
    expect(br.rawPayload.length).toBeLessThan(JS.length / 3);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(JS);

    const gz = await get(url, { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(JS);

    const plain = await get(url);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(JS);
    expect(Number(plain.headers['content-length'])).toBe(JS.length);

    // A cache revalidating one encoding never gets another's bytes.
    expect(new Set([br.headers.etag, gz.headers.etag, plain.headers.etag]).size).toBe(3);
    // An explicit refusal of brotli is honoured.
    expect((await get(url, { 'accept-encoding': 'br;q=0, gzip' })).headers['content-encoding']).toBe('gzip');
  });

  it("compresses the console's page and a remote's CSS the same way", async () => {
    const page = await get('/alerts', { 'accept-encoding': CHROMIUM });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(page.rawPayload).toString()).toBe(PAGE);
    expect((await get('/alerts')).body).toBe(PAGE);

    const css = await get('/remotes/remote-alerts/1.0.0/static/css/index.0123456789.css', { 'accept-encoding': 'gzip' });
    expect(css.headers['content-encoding']).toBe('gzip');
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    expect(css.headers['access-control-allow-origin']).toBe('*');
  });

  it('compresses JSON answers above 1 KiB for clients that accept it, and leaves small ones alone', async () => {
    for (let i = 0; i < 12; i++) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/api/v1/alert/',
        headers: t.superuser.auth,
        payload: { title: `Disk usage above 90% on db-${i}`, description: 'x'.repeat(100) },
      });
      expect(res.statusCode).toBe(200);
    }
    const url = '/api/v1/alert/?limit=12';
    const plain = await get(url, t.superuser.auth);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(1024);

    const br = await get(url, { ...t.superuser.auth, 'accept-encoding': CHROMIUM });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers['content-type']).toMatch(/^application\/json/);
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await get(url, { ...t.superuser.auth, 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());

    const small = await get('/api/v1/utils/health-check/', { 'accept-encoding': CHROMIUM });
    expect(small.statusCode).toBe(200);
    expect(small.headers['content-encoding']).toBeUndefined();
  });

  it('takes a gzip-encoded body, limits it by its decoded size, and refuses an unknown encoding', async () => {
    const post = (payload: Buffer, encoding: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/v1/alert/',
        headers: { ...t.superuser.auth, 'content-type': 'application/json', 'content-encoding': encoding },
        payload,
      });
    const ok = await post(gzipSync(JSON.stringify({ title: 'Sent gzipped' })), 'gzip');
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().title).toBe('Sent gzipped');
    // A few KiB that decode past the body limit: refused, nothing stored.
    const bomb = gzipSync(JSON.stringify({ title: 'Bomb', description: ' '.repeat(t.config.bodyLimitBytes + 1) }));
    expect(bomb.length).toBeLessThan(t.config.bodyLimitBytes / 100);
    expect((await post(bomb, 'gzip')).statusCode).toBe(413);
    expect((await post(Buffer.from(JSON.stringify({ title: 'Odd' })), 'compress')).statusCode).toBe(415);
    const titles = (await get('/api/v1/alert/?limit=100', t.superuser.auth)).json().data.map((a: { title: string }) => a.title);
    expect(titles).toContain('Sent gzipped');
    expect(titles).not.toContain('Bomb');
    expect(titles).not.toContain('Odd');
  });

  it('never compresses a change stream: its events arrive as they are sent', async () => {
    const url = new URL(await t.app.listen({ port: 0, host: '127.0.0.1' }));
    try {
      const first = await new Promise<{ headers: Record<string, unknown>; chunk: string }>((resolve, reject) => {
        const req = request(
          {
            host: url.hostname,
            port: url.port,
            path: '/api/v1/alert/changes',
            headers: { ...t.superuser.auth, 'accept-encoding': CHROMIUM },
          },
          (res) => {
            res.once('data', (chunk: Buffer) => {
              resolve({ headers: res.headers, chunk: chunk.toString() });
              req.destroy();
            });
          },
        );
        req.on('error', reject);
        req.end();
      });
      expect(first.headers['content-type']).toBe('text/event-stream; charset=utf-8');
      expect(first.headers['content-encoding']).toBeUndefined();
      // Plain text from the first byte (a compressor would hold it back, then send binary).
      expect(first.chunk).toMatch(/^(retry|event): /);
    } finally {
      await closeServer(t.app);
    }
  });
});
