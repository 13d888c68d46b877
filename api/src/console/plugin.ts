import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { readRemotesMap } from './remotesMap.js';

const NO_CACHE = 'no-cache';
const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the console on the API's origin: the shell's page for every non-API path (the
 * router decides), its hashed assets, each remote under /remotes/<app>/<version>/, and the
 * remotes map. Manifests, maps and pages are no-cache, so a release shows on the next load.
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

  // Every other GET outside /api is a console route: the shell's page, whose router shows
  // the screen (or its 404 screen).
  app.get('/*', { schema: { hide: true } }, async (request, reply) => {
    if (request.url.startsWith('/api/')) return reply.code(404).send({ detail: 'Not Found' });
    return reply.header('Cache-Control', NO_CACHE).sendFile('index.html', shellDir);
  });
}
