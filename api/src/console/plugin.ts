import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { federationName, readRemotesMap } from './remotesMap.js';

const NO_CACHE = 'no-cache';
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
const ACTIONS_REMOTE = 'remote-actions';
/** Where remote-actions builds its standalone page, inside each of its version folders. */
const PAGE_DIR = 'page';

/**
 * The folder of the live version's standalone page: the version the remotes map names (the one
 * a release pinned, else the newest built), so a release of remote-actions moves it too.
 */
export async function publicActionsPageDir(consoleDir: string): Promise<string | undefined> {
  // With an empty prefix the map names `/remote-actions/<version>/mf-manifest.json`, relative to consoleDir.
  const manifest = (await readRemotesMap(consoleDir, ''))[federationName(ACTIONS_REMOTE)];
  if (!manifest) return undefined;
  const dir = path.join(consoleDir, path.dirname(manifest), PAGE_DIR);
  return existsSync(path.join(dir, 'index.html')) ? dir : undefined;
}

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
    setHeaders: (res) => res.setHeader('Cache-Control', IMMUTABLE),
    cacheControl: false,
  });
  await app.register(fastifyStatic, {
    root: opts.consoleDir,
    prefix: '/remotes/',
    decorateReply: false,
    index: false,
    cacheControl: false,
    allowedPath: (pathName) => pathName.startsWith('/remote-'),
    setHeaders: (res, filePath) => {
      res.setHeader('Access-Control-Allow-Origin', '*');
      res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
      res.setHeader('Cache-Control', /[.-][0-9a-f]{8,}\.(js|css)$/.test(filePath) ? IMMUTABLE : NO_CACHE);
    },
  });

  app.get('/remotes.json', { schema: { hide: true } }, async (_request, reply) => {
    reply.header('Cache-Control', NO_CACHE).header('Access-Control-Allow-Origin', '*');
    return readRemotesMap(opts.consoleDir);
  });

  // A link recipient gets the standalone page: no shell, no federation runtime, no other remote.
  // With a trailing slash too, as the shell's router took them.
  for (const url of PUBLIC_ACTION_ROUTES.flatMap((route) => [route, `${route}/`])) {
    app.get(url, { schema: { hide: true } }, async (request, reply) => {
      reply.header('Cache-Control', NO_CACHE);
      const pageDir = await publicActionsPageDir(opts.consoleDir);
      if (pageDir) return reply.sendFile('index.html', pageDir);
      // A remote-actions build without its page (or none): the shell's page says not found.
      request.log.warn(`No built ${ACTIONS_REMOTE} page in ${opts.consoleDir}: serving the shell for ${url}`);
      return reply.sendFile('index.html', shellDir);
    });
  }

  // Every other GET outside /api is a console route: the shell's page, whose router shows
  // the screen (or its 404 screen).
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    if (request.url.startsWith('/api/')) return reply.code(404).send({ detail: 'Not Found' });
    return reply.header('Cache-Control', NO_CACHE).sendFile('index.html', shellDir);
  });
}
