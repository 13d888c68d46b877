import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

// The shell's public pages prerendered at build time (shell/rsbuild.prerender.ts): the API
// answers each with its own HTML, precompressed as the build wrote it, and every other console
// route (and a build without that page) with the shell's page.

const CHROMIUM = 'gzip, deflate, br, zstd';
const SHELL_PAGE = `<!doctype html><title>Vigil</title><div id="root"></div>${'<p>shell</p>'.repeat(60)}`;
const prerendered = (page: string) => `<!doctype html><title>Vigil</title><div id="root"><h1>${page}</h1>${'<p>form</p>'.repeat(60)}</div>`;

describe('prerendered shell pages', () => {
  let t: TestApp;
  let consoleDir: string;
  const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

  beforeAll(async () => {
    consoleDir = mkdtempSync(path.join(tmpdir(), 'vigil-prerendered-'));
    const write = (file: string, text: string) => {
      const full = path.join(consoleDir, 'shell', file);
      mkdirSync(path.dirname(full), { recursive: true });
      writeFileSync(full, text);
      writeFileSync(`${full}.br`, brotliCompressSync(text));
      writeFileSync(`${full}.gz`, gzipSync(text));
    };
    write('index.html', SHELL_PAGE);
    // This console's build has three of the four (as an older shell would have none).
    for (const page of ['login', 'signup', 'reset-password']) write(`${page}.html`, prerendered(page));
    mkdirSync(path.join(consoleDir, 'shell/static'), { recursive: true });
    t = await createTestApp({ consoleDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(consoleDir, { recursive: true, force: true });
  });

  it('answers /login with its prerendered HTML: brotli to a browser, gzip to a gzip-only client, plain otherwise; revalidated', async () => {
    const br = await get('/login', { 'accept-encoding': CHROMIUM });
    expect(br.statusCode).toBe(200);
    expect(br.headers['content-type']).toMatch(/^text\/html/);
    expect(br.headers['content-encoding']).toBe('br');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers['cache-control']).toBe('no-cache');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(prerendered('login'));

    const gz = await get('/login', { 'accept-encoding': 'gzip' });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(prerendered('login'));

    const plain = await get('/login?next=x');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(prerendered('login'));
  });

  it('answers each prerendered page with its own file, and a public page this build did not prerender with the shell', async () => {
    expect((await get('/signup')).body).toBe(prerendered('signup'));
    // A reset link's token stays in the browser's URL: the same file for any query.
    expect((await get('/reset-password?token=abc')).body).toBe(prerendered('reset-password'));
    expect((await get('/recover-password')).body).toBe(SHELL_PAGE);
  });

  it('leaves every other console route to the shell, deep links included', async () => {
    for (const url of ['/', '/alerts', '/admin', '/login/', '/login.html/x', '/signup/more']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(SHELL_PAGE);
    }
  });
});
