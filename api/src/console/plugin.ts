import { existsSync } from 'node:fs';
import { stat } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import type { PublicPagesConfig } from '../config.js';
import { publicActionsPageDir, publishedActionsPageDir } from './publicActionsPage.js';
import { type PublicPageDeps, publicPageRoutes } from './publicPageRoutes.js';
import { isRemoteAssetPath } from './remoteAssetPath.js';
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
 * The shell's public pages, prerendered at build time into `<path>.html` beside its index.html
 * (shell/rsbuild.prerender.ts): each answers its own HTML, which paints before any script and
 * is hydrated by the shell's JavaScript (docs/console/prerendered-pages.md).
 */
export const PRERENDERED_SHELL_PAGES = ['/login', '/signup', '/recover-password', '/reset-password'] as const;

/**
 * Serves the console on the API's origin: the public action pages (their own small page),
 * the shell's page for every other non-API path (the router decides), its hashed assets,
 * each remote under /remotes/<app>/<version>/, and the remotes map. Manifests, maps and
 * pages are no-cache, so a release shows on the next load.
 */
export async function consolePlugin(app: FastifyInstance, opts: PublicPageDeps & { consoleDir: string }): Promise<void> {
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
    // Normalised before it is checked: `/remotes/remote-alerts/../shell/index.html` is a 404.
    allowedPath: (pathName, _root, request) => isRemoteAssetPath(pathName, request.url),
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
  const { db, config, now, notifications, alertChanges, settings } = opts;
  const deps: PublicPageDeps = { db, config, now, notifications, alertChanges, settings };
  await app.register(publicPageRoutes, { ...deps, pageDir: () => publicActionsPageDir(opts.consoleDir), shellDir });

  // Precompressed like the assets (sendFile shares the /static/ registration's options). A build
  // without the file (an older shell) answers the shell's page, which renders in the browser.
  for (const page of PRERENDERED_SHELL_PAGES) {
    const file = `${page.slice(1)}.html`;
    app.get(page, { schema: { hide: true } }, async (_request, reply) => {
      const prerendered = await stat(path.join(shellDir, file)).then(
        (s) => s.isFile(),
        () => false,
      );
      return reply.header('Cache-Control', NO_CACHE).sendFile(prerendered ? file : 'index.html', shellDir);
    });
  }

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
 * remote's own service, through the gateway, from the same version folder (docs/deploy/public-action-page.md).
 */
export async function publishedPublicPagesPlugin(app: FastifyInstance, opts: PublicPageDeps & { pages: PublicPagesConfig }): Promise<void> {
  const { pages, ...deps } = opts;
  // reply.sendFile for a page served as a file (a version without a renderer); no route of its own.
  await app.register(fastifyStatic, { root: pages.remoteActionsDir, serve: false, ...PRECOMPRESSED });
  await app.register(publicPageRoutes, { ...deps, pageDir: () => publishedActionsPageDir(pages) });
}
