import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isRemoteAssetPath } from '../../src/console/remoteAssetPath.js';
import { PINS_FILE } from '../../src/console/remotesMap.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

// /remotes/<remote>/… on the API's own origin (console/plugin.ts): only files inside the
// remote's folder, the path normalised before it is checked. Over a real socket, with the
// request line exactly as written: inject() and fetch() resolve dot segments before sending.

const SHELL_PAGE = '<!doctype html><title>vigil-shell-page</title>';
const MANIFEST = '{"name":"remote_alerts"}';
const ADMIN_MANIFEST = '{"name":"remote_admin"}';
const PINS = '{"remote-alerts":"1.0.0"}';

let t: TestApp;
let consoleDir: string;
let port: number;

function write(file: string, text: string) {
  mkdirSync(path.dirname(file), { recursive: true });
  writeFileSync(file, text);
}

/** One GET with `target` as the request line's target, byte for byte. */
function rawGet(target: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.write(`GET ${target} HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n`);
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

beforeAll(async () => {
  consoleDir = mkdtempSync(path.join(tmpdir(), 'vigil-remotes-'));
  write(path.join(consoleDir, 'shell/index.html'), SHELL_PAGE);
  mkdirSync(path.join(consoleDir, 'shell/static'), { recursive: true });
  write(path.join(consoleDir, 'remote-alerts/1.0.0/mf-manifest.json'), MANIFEST);
  write(path.join(consoleDir, 'remote-admin/1.0.0/mf-manifest.json'), ADMIN_MANIFEST);
  write(path.join(consoleDir, PINS_FILE), PINS);
  t = await createTestApp({ consoleDir });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
  rmSync(consoleDir, { recursive: true, force: true });
});

describe('/remotes/: only files inside the remote folder the path names', () => {
  it("serves a remote's files, with dot segments resolved inside its folder", async () => {
    for (const target of [
      '/remotes/remote-alerts/1.0.0/mf-manifest.json',
      '/remotes/remote-alerts/./1.0.0/mf-manifest.json',
      '/remotes/remote-alerts/1.0.0/../1.0.0/mf-manifest.json',
      '/remotes/remote-alerts/1.0.0/%2e%2e/1.0.0/mf-manifest.json',
    ]) {
      const res = await rawGet(target);
      expect(res.status, target).toBe(200);
      expect(res.body, target).toBe(MANIFEST);
    }
  });

  it('answers 404 for every escape from the folder, literal or encoded, and serves nothing outside it', async () => {
    const escapes = [
      '/remotes/remote-alerts/../shell/index.html',
      '/remotes/remote-alerts/%2e%2e/shell/index.html',
      '/remotes/remote-alerts/%2E%2E/shell/index.html',
      '/remotes/remote-alerts/.%2e/shell/index.html',
      '/remotes/remote-alerts%2f..%2fshell/index.html',
      '/remotes/remote-alerts/..%2fshell/index.html',
      '/remotes/remote-alerts/..%2Fshell/index.html',
      '/remotes/remote-alerts/..%5cshell/index.html',
      '/remotes/remote-alerts/%252e%252e/shell/index.html',
      '/remotes/remote-alerts/%25252e%25252e/shell/index.html',
      '/remotes/remote-alerts/x/../../shell/index.html',
      '/remotes/remote-alerts/../remote-admin/1.0.0/mf-manifest.json',
      `/remotes/remote-x/../${PINS_FILE}`,
      `/remotes/remote-alerts/../../${path.basename(consoleDir)}/${PINS_FILE}`,
      '/remotes/remote-alerts/1.0.0/mf-manifest.json%00.js',
      '/remotes/shell/index.html',
    ];
    for (const target of escapes) {
      const res = await rawGet(target);
      expect(res.status, target).toBe(404);
      expect(res.body, target).toBe('{"detail":"Not Found"}');
    }
    // A raw backslash: refused by the HTTP parser or by the check, never served.
    const backslash = await rawGet('/remotes/remote-alerts/..\\shell/index.html');
    expect([400, 404]).toContain(backslash.status);
    expect(backslash.body).not.toContain('vigil-shell-page');
  });
});

describe('isRemoteAssetPath', () => {
  const check = (decoded: string, raw = `/remotes${decoded}`) => isRemoteAssetPath(decoded, raw);
  it('takes a file inside a remote folder, after resolving its dot segments', () => {
    expect(check('/remote-alerts/1.0.0/static/js/page.89abcdef.js')).toBe(true);
    expect(check('/remote-alerts//1.0.0/./mf-manifest.json')).toBe(true);
    expect(check('/remote-alerts/1.0.0/x/../mf-manifest.json', '/remotes/remote-alerts/1.0.0/x/../mf-manifest.json?v=1')).toBe(true);
  });
  it('refuses what leaves the folder, names none, or hides a separator, NUL or second encoding', () => {
    expect(check('/remote-alerts/../shell/index.html')).toBe(false);
    expect(check('/remote-alerts/..')).toBe(false);
    expect(check('/remote-alerts/')).toBe(false);
    expect(check('/shell/index.html')).toBe(false);
    expect(check('/Remote-alerts/1.0.0/x.js')).toBe(false);
    expect(check('/remote-alerts/../remote-admin/1.0.0/x.js')).toBe(false);
    expect(check('/remote-alerts/../shell/index.html', '/remotes/remote-alerts%2f..%2fshell/index.html')).toBe(false);
    expect(check('/remote-alerts/x\\y')).toBe(false);
    expect(check('/remote-alerts/x\0.js', '/remotes/remote-alerts/x%00.js')).toBe(false);
    expect(check('/remote-alerts/%2e%2e/x.js', '/remotes/remote-alerts/%252e%252e/x.js')).toBe(false);
    // The query is not the path: an encoded slash there is the page's business.
    expect(check('/remote-alerts/1.0.0/x.js', '/remotes/remote-alerts/1.0.0/x.js?next=%2Fhome')).toBe(true);
  });
});
