import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { requireUser, userOf } from '../auth/currentUser.js';
import { errorResponses } from '../common/schema.js';
import { isConnectionError } from '../db/connectionErrors.js';
import { concerns } from './alertChanges.js';

/** At most one "alerts-changed" per stream in this window: a webhook storm is one refetch, not thousands. */
const THROTTLE_MS = 500;
/** Keeps proxies from closing a quiet stream, and re-checks the user (a voided token ends it). */
const HEARTBEAT_MS = 20_000;

/**
 * GET /api/v1/alert/changes: server-sent events telling a console its alert list changed,
 * whoever changed it and on whichever replica (AlertChangeFeed). The console refetches what it
 * shows; the stream carries no alert data, so it needs no per-alert permission logic. Read
 * with fetch (the console sends its bearer header), not EventSource, so no token is ever put
 * in a URL, where logs would keep it.
 */
export async function changeStreamRoute(app: FastifyInstance): Promise<void> {
  app.get(
    '/changes',
    {
      onRequest: requireUser,
      schema: {
        tags: ['alerts'],
        operationId: 'alerts-changes',
        summary: 'Server-sent events: "alerts-changed" whenever alerts the caller sees change',
        security: [{ OAuth2PasswordBearer: [] }],
        produces: ['text/event-stream'],
        response: { 200: Type.String({ description: 'text/event-stream' }), 401: errorResponses[401] },
      },
    },
    async (request, reply) => {
      const user = userOf(request);
      reply.hijack();
      const res = reply.raw;
      const socket = request.raw.socket;
      res.writeHead(200, {
        'content-type': 'text/event-stream; charset=utf-8',
        'cache-control': 'no-store',
        // Nginx would otherwise buffer the stream; the connection is the stream's alone.
        'x-accel-buffering': 'no',
        connection: 'close',
      });
      const send = (event: string) => res.write(`event: ${event}\ndata: {}\n\n`);

      let windowTimer: NodeJS.Timeout | undefined;
      let pending = false;
      const changed = () => {
        if (windowTimer) {
          pending = true;
          return;
        }
        send('alerts-changed');
        windowTimer = setTimeout(function closeWindow() {
          windowTimer = undefined;
          if (pending) {
            pending = false;
            changed();
          }
        }, THROTTLE_MS);
      };

      let unsubscribe = () => {};
      const heartbeat = setInterval(async () => {
        res.write(': ping\n\n');
        const fresh = await app.deps.reads.userById(user.id).catch(() => undefined);
        if (!fresh?.is_active || fresh.token_version !== user.token_version) end();
      }, HEARTBEAT_MS);
      const end = () => {
        clearInterval(heartbeat);
        clearTimeout(windowTimer);
        unsubscribe();
        // The connection was the stream's alone. A client that stopped reading never lets
        // the end flush, and its socket would hold the server's close: a second at most.
        res.end();
        setTimeout(() => socket.destroy(), 1_000).unref();
      };
      // The response's close, not the request's: that one fires once a GET is read, not when the client goes.
      res.once('close', end);
      try {
        unsubscribe = await app.deps.alertChanges.subscribe({
          onChange: (change) => {
            if (concerns(change, user)) changed();
          },
          onEnd: end,
        });
      } catch (error) {
        // The database is away (logged once as an outage): the console reconnects later.
        if (!isConnectionError(error)) request.log.error({ err: error }, 'alert change feed unavailable');
        end();
        return;
      }
      // retry: how long EventSource-style clients wait before reconnecting.
      res.write('retry: 3000\n\n');
      send('ready');
    },
  );
}
