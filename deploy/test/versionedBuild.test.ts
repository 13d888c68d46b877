import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { ROOT } from './helpers/repo.js';

// A one-off build of another version (docs/console/releasing.md):
// `CONSOLE_DIR=… VIGIL_BUILD_VERSION=… npx rsbuild build` in remote-actions must put both of its
// builds, the federated remote and the standalone public page, in that version's folder of that
// console folder, and the page must fetch its assets from there: that is what the API serves
// for /actions/:id once the version is live.

const VERSION = '9.8.7-versioned-build-test';
const consoleDir = mkdtempSync(path.join(tmpdir(), 'vigil-versioned-build-'));

afterAll(() => {
  rmSync(consoleDir, { recursive: true, force: true });
});

describe('a versioned build of remote-actions', () => {
  it('writes the remote and page/index.html under CONSOLE_DIR/remote-actions/<VIGIL_BUILD_VERSION>/, with brotli and gzip copies', () => {
    const build = spawnSync('npx', ['rsbuild', 'build'], {
      cwd: path.join(ROOT, 'remote-actions'),
      env: { ...process.env, CONSOLE_DIR: consoleDir, VIGIL_BUILD_VERSION: VERSION, NODE_ENV: 'production' },
      encoding: 'utf8',
    });
    expect(build.status, build.stderr + build.stdout).toBe(0);

    const versionDir = path.join(consoleDir, 'remote-actions', VERSION);
    // Only this version, and nothing else, went into the console folder.
    expect(readdirSync(consoleDir)).toEqual(['remote-actions']);
    expect(readdirSync(path.join(consoleDir, 'remote-actions'))).toEqual([VERSION]);

    const manifest = JSON.parse(readFileSync(path.join(versionDir, 'mf-manifest.json'), 'utf8'));
    expect(manifest.metaData.buildInfo.buildVersion).toBe(VERSION);

    const page = readFileSync(path.join(versionDir, 'page', 'index.html'), 'utf8');
    const scripts = [...page.matchAll(/<script[^>]* src="([^"]+)"/g)].map((m) => m[1] ?? '');
    expect(scripts.length).toBeGreaterThan(0);
    for (const src of scripts) {
      expect(src.startsWith(`/remotes/remote-actions/${VERSION}/page/`), src).toBe(true);
      const file = path.join(versionDir, 'page', src.slice(`/remotes/remote-actions/${VERSION}/page/`.length));
      expect(existsSync(file), src).toBe(true);
      // The build's compressed copies beside it (rsbuild.precompress.ts), each the same script.
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(readFileSync(file)), `${src}.br`).toBe(true);
      expect(gunzipSync(readFileSync(`${file}.gz`)).equals(readFileSync(file)), `${src}.gz`).toBe(true);
    }
    expect(existsSync(path.join(versionDir, 'page', 'index.html.br'))).toBe(true);
    // The repository's own console folder got nothing of this build.
    expect(existsSync(path.join(ROOT, 'dist', 'remote-actions', VERSION))).toBe(false);
    // A whole Rsbuild build of two environments: on a busy 2-core machine more than the project's minute.
  }, 180_000);
});
