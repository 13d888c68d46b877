import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { RsbuildPlugin } from '@rsbuild/core';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/**
 * What a browser fetches as text; images and fonts are compressed already, source maps are not
 * downloaded by visitors. Not JSON: the manifests and maps are small, never cached, and may be
 * rewritten after the build (a release, an operator), when a stale compressed copy would win.
 */
export const PRECOMPRESSED_EXTENSIONS = ['.js', '.mjs', '.css', '.html', '.svg', '.txt'] as const;
/** Below this a compressed copy saves less than the encoding header and a request's framing cost. */
const MIN_BYTES = 256;

async function* filesUnder(dir: string): AsyncGenerator<string> {
  for (const entry of await readdir(dir, { withFileTypes: true }).catch(() => [])) {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) yield* filesUnder(file);
    else if (entry.isFile()) yield file;
  }
}

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) next to every text
 * asset under `dir`, when that copy is smaller. Done once at build time so a server sends the
 * smallest encoding at no cost per request: the API (@fastify/static `preCompressed`) and
 * nginx (`gzip_static`) pick the copy the request's Accept-Encoding allows. Each copy is a
 * file of its own size, so a server's ETag (size and mtime) differs per encoding.
 */
export async function precompressDir(dir: string): Promise<number> {
  const jobs: Promise<number>[] = [];
  for await (const file of filesUnder(dir)) {
    if (!PRECOMPRESSED_EXTENSIONS.some((ext) => file.endsWith(ext))) continue;
    jobs.push(
      (async () => {
        const source = await readFile(file);
        if (source.length < MIN_BYTES) return 0;
        const [br, gz] = await Promise.all([
          brotli(source, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
              [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
            },
          }),
          gzipAsync(source, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        let written = 0;
        for (const [suffix, bytes] of [
          ['.br', br],
          ['.gz', gz],
        ] as const) {
          if (bytes.length >= source.length) continue;
          await writeFile(file + suffix, bytes);
          written += 1;
        }
        return written;
      })(),
    );
  }
  return (await Promise.all(jobs)).reduce((a, b) => a + b, 0);
}

/** Production builds only (onAfterBuild): a dev server writes nothing to disk. */
export const pluginPrecompress = (): RsbuildPlugin => ({
  name: 'vigil:precompress',
  setup(api) {
    api.onAfterBuild(async ({ environments }) => {
      const dirs = Object.values(environments).map((environment) => environment.distPath);
      // remote-actions' page builds inside the remote's folder: each file once.
      const outermost = dirs.filter((dir) => !dirs.some((other) => other !== dir && dir.startsWith(other + path.sep)));
      for (const dir of new Set(outermost)) {
        if ((await stat(dir).catch(() => null))?.isDirectory()) await precompressDir(dir);
      }
    });
  },
});
