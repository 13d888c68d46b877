import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PINS_FILE } from '../../src/console/remotesMap.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

// The console as the API serves it, on a small built console made here: the public action
// pages are remote-actions' standalone page of the live version; every other path is the shell's.

const ALERT_ID = '6f1c2a34-5b6d-4e7f-8a9b-0c1d2e3f4a5b';
const SHELL_PAGE = '<!doctype html><title>shell</title>';
const actionsPage = (version: string) => `<!doctype html><title>actions page ${version}</title>`;

function write(file: string, text: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

describe('console plugin: the public action pages', () => {
  let t: TestApp;
  let consoleDir: string;
  const get = (url: string) => t.app.inject({ method: 'GET', url });

  beforeAll(async () => {
    consoleDir = mkdtempSync(path.join(tmpdir(), 'vigil-console-'));
    write(path.join(consoleDir, 'shell/index.html'), SHELL_PAGE);
    mkdirSync(path.join(consoleDir, 'shell/static'), { recursive: true });
    write(path.join(consoleDir, 'remote-alerts/1.0.0/mf-manifest.json'), '{}');
    for (const version of ['1.0.0', '1.1.0']) {
      write(path.join(consoleDir, `remote-actions/${version}/mf-manifest.json`), '{}');
      write(path.join(consoleDir, `remote-actions/${version}/page/index.html`), actionsPage(version));
    }
    write(path.join(consoleDir, 'remote-actions/1.1.0/page/static/js/index.0123456789.js'), 'console.log(1)');
    t = await createTestApp({ consoleDir });
  });
  afterAll(async () => {
    await t.close();
    rmSync(consoleDir, { recursive: true, force: true });
  });
  beforeEach(() => rmSync(path.join(consoleDir, PINS_FILE), { force: true }));

  it("serves the newest built page, uncached, for each of an alert link's four routes and a contact's confirmation", async () => {
    for (const url of [
      ...['actions', 'acknowledge', 'escalate', 'close'].flatMap((route) => [`/${route}/${ALERT_ID}`, `/${route}/${ALERT_ID}/`]),
      '/contacts/confirm?t=abc',
      '/contacts/confirm/',
    ]) {
      const res = await get(url);
      // /actions/:id reads its alert first (publicPageRoutes.ts): this one does not exist, and
      // with no server renderer in this console the page comes as the file, with that status.
      expect(res.statusCode, url).toBe(url.startsWith('/actions/') ? 404 : 200);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.body).toBe(actionsPage('1.1.0'));
    }
  });

  it('follows the version a release pinned, without a restart', async () => {
    writeFileSync(path.join(consoleDir, PINS_FILE), JSON.stringify({ 'remote-actions': '1.0.0' }));
    expect((await get(`/actions/${ALERT_ID}`)).body).toBe(actionsPage('1.0.0'));
    // The shell is told the same version.
    expect((await get('/remotes.json')).json().remote_actions).toBe('/remotes/remote-actions/1.0.0/mf-manifest.json');
  });

  it('leaves every other path to the shell (its router shows the screen or the 404)', async () => {
    for (const url of ['/', '/alerts', '/actions', `/actions/${ALERT_ID}/more`, `/reopen/${ALERT_ID}`, '/contacts', '/contacts/other']) {
      const res = await get(url);
      expect(res.statusCode, url).toBe(200);
      expect(res.body, url).toBe(SHELL_PAGE);
    }
  });

  it("serves the page's hashed assets from the version folder, immutable", async () => {
    const res = await get('/remotes/remote-actions/1.1.0/page/static/js/index.0123456789.js');
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('falls back to the shell when the live version has no page', async () => {
    write(path.join(consoleDir, 'remote-actions/0.9.0/mf-manifest.json'), '{}');
    writeFileSync(path.join(consoleDir, PINS_FILE), JSON.stringify({ 'remote-actions': '0.9.0' }));
    expect((await get(`/actions/${ALERT_ID}`)).body).toBe(SHELL_PAGE);
  });

  it('keeps answering unknown API paths with the JSON 404', async () => {
    const res = await get('/api/v1/actions/nothing');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({ detail: 'Not Found' });
  });
});
