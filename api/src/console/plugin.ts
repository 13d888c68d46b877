import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { PublicPagesConfig } from '../config.js';
import { publicActionsPageDir, publishedActionsPageDir } from './publicActionsPage.js';
import { publicPageRoutes } from './publicPageRoutes.js';
import { readRemotesMap } from './remotesMap.js';

const NO_CACHE = 'no-cache';
/**
 * The build writes brotli and gzip copies beside each text asset (rsbuild.precompress.ts):
 * @fastify/static sends the one Accept-Encoding allows (br first, then gzip, else the file
 * itself) with the compressed file's Content-Length and ETag. Vary tells caches the answer
 * depends on that header. @fastify/compress stays out of these routes (it covers /api only).
 */
const PRECOMPRESSED = { preCompressed: true } as const;
const varyOnEncoding = (res: { setHeader(name: string, value: string): unknown }) => res.setHeader('Vary', 'Accept-Encoding');
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * The public pages of notification links (docs/product.md §2.2) and of an escalation contact's
 * confirmation link: remote-actions' standalone page, not the shell.
 */
export const PUBLIC_ACTION_ROUTES = [
  '/actions/:alertId',
  '/acknowledge/:alertId',
  '/escalate/:alertId',
  '/close/:alertId',
  '/contacts/confirm',
] as const;
/**
 * Serves the console on the API's origin: the public action pages (their own small page),
 * the shell's page for every other non-API path (the router decides), its hashed assets,
 * each remote under /remotes/<app>/<version>/, and the remotes map. Manifests, maps and
 * pages are no-cache, so a release shows on the next load.
 */
export async function consolePlugin(app: FastifyInstance, opts: { consoleDir: string }): Promise<void> {
  const shellDir = path.join(opts.consoleDir, 'shell');
  if (!existsSync(path.join(shellDir, 'index.html'))) {
    app.log.warn(`No built console in ${opts.consoleDir}: serving the API only (run npm run build).`);
    return;
  }

  await app.register(fastifyStatic, {
    root: path.join(shellDir, 'static'),
    prefix: '/static/',
    index: false,
    ...PRECOMPRESSED,
    setHeaders: (res) => {
      res.setHeader('Cache-Control', IMMUTABLE);
      varyOnEncoding(res);
    },
    cacheControl: false,
  });
  await app.register(fastifyStatic, {
    root: opts.consoleDir,
    prefix: '/remotes/',
    decorateReply: false,
    index: false,
    cacheControl: false,
    allowedPath: (pathName) => pathName.startsWith('/remote-'),
    ...PRECOMPRESSED,
    setHeaders: (res, filePath) => {
      varyOnEncoding(res);
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      res.setHeader('Cache-Control', /[.-][0-9a-f]{8,}\.(js|css)$/.test(filePath) ? IMMUTABLE : NO_CACHE);
    },
  });

  app.get('/remotes.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Cache-Control', NO_CACHE).header('Access-Control-Allow-Origin', '*');
    return readRemotesMap(opts.consoleDir);
  });

  // The public pages (publicPageRoutes.ts): the live remote-actions version's, else the shell's.
  await app.register(publicPageRoutes, { pageDir: () => publicActionsPageDir(opts.consoleDir), shellDir });

  // Every other GET outside /api is a console route: the shell's page, whose router shows
  // the screen (or its 404 screen).
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    if (request.url.startsWith('/api/')) return reply.code(404).send({ detail: 'Not Found' });
    return reply.header('Cache-Control', NO_CACHE).sendFile('index.html', shellDir);
  });
}

/**
 * API only, behind the compose gateway: the public pages (PUBLIC_ACTION_ROUTES) rendered with the
 * server renderer of the remote-actions version the gateway's remotes map names, read from that
 * remote's published files (its volume, mounted read-only). The page's scripts come from the
 * remote's own service, through the gateway, from the same version folder (docs/deploy.md).
 */
export async function publishedPublicPagesPlugin(app: FastifyInstance, opts: PublicPagesConfig): Promise<void> {
  // reply.sendFile for a page served as a file (a version without a renderer); no route of its own.
  await app.register(fastifyStatic, { root: opts.remoteActionsDir, serve: false, ...PRECOMPRESSED });
  await app.register(publicPageRoutes, { pageDir: () => publishedActionsPageDir(opts) });
}
