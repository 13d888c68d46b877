import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';

/** Whether this app is shutting down: set on SIGTERM, the health check answers 503 from then on. */
export interface Lifecycle {
  draining: boolean;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Decorated by closeConnectionsWhileDraining (below); drainAndClose sets it. */
    lifecycle: Lifecycle;
  }
}

/** How long requests in flight get to finish once the server stops accepting. */
const IN_FLIGHT_GRACE_MS = 10_000;

/** Each app's open connections, tracked from the start so a stop can reach the busy ones. */
const openConnections = new WeakMap<FastifyInstance, Set<Socket>>();

/**
 * A graceful stop, in the order a load balancer needs: the health check turns 503 at once
 * while requests are still served for `drainMs` (the balancer takes a few checks to notice),
 * then the server stops accepting, finishes every request in flight and closes its pools.
 * Each step is logged, the last only once every connection is closed.
 */
export async function drainAndClose(app: FastifyInstance, options: { drainMs: number; signal?: string }): Promise<void> {
  app.lifecycle.draining = true;
  closeAfterAnswer(app);
  app.log.info({ signal: options.signal, drainMs: options.drainMs }, 'shutting down: health check now answers 503');
  if (options.drainMs > 0) await new Promise((resolve) => setTimeout(resolve, options.drainMs));
  // Fastify's close waits for in-flight requests, closes idle keep-alive connections and
  // answers 503 to anything that still arrives on an open one.
  const closing = app.close();
  await Promise.race([stoppedListening(app), closing]);
  const connections = openConnections.get(app);
  app.log.info({ openConnections: connections?.size ?? 0 }, 'stopped accepting connections: finishing the requests in flight');
  // A connection that never sent a request is not "idle" to Node and would hold the close
  // until its headers timeout: after a grace period for requests in flight, cut what is left.
  const cut = setTimeout(() => {
    app.log.warn({ openConnections: connections?.size ?? 0 }, `requests still open ${IN_FLIGHT_GRACE_MS / 1000} s after the close: cut`);
    app.server.closeAllConnections();
  }, IN_FLIGHT_GRACE_MS);
  cut.unref();
  await closing;
  clearTimeout(cut);
  app.log.info('shut down: every request in flight was answered');
}

/** Resolves once the listening socket is closed: from then on a new connection is refused. */
function stoppedListening(app: FastifyInstance): Promise<void> {
  return new Promise((resolve) => {
    const check = () => {
      if (!app.server.listening) return resolve();
      setTimeout(check, 10).unref();
    };
    check();
  });
}

/**
 * Asks every request in flight to close its connection once answered (`Connection: close`,
 * when its headers are not sent yet). Without it, a request that began before the drain
 * answers keep-alive, and Node keeps that idle connection open after the close began, which
 * would hold the shutdown until the grace period cuts it.
 */
function closeAfterAnswer(app: FastifyInstance): void {
  for (const socket of openConnections.get(app) ?? []) {
    // The answer under way on this connection: Node's own field (no public accessor),
    // the one graceful-termination libraries read too.
    const response = (socket as Socket & { _httpMessage?: ServerResponse | null })._httpMessage;
    if (response && !response.headersSent) response.setHeader('connection', 'close');
  }
}

/**
 * While draining, every answer says `Connection: close`: clients open a new connection for
 * their next request, which the load balancer sends elsewhere, and no keep-alive socket is
 * left to hold the close open after the requests in flight are answered.
 */
export function closeConnectionsWhileDraining(app: FastifyInstance): void {
  app.decorate('lifecycle', { draining: false });
  const connections = new Set<Socket>();
  openConnections.set(app, connections);
  // Per connection, not per request: keep-alive clients add nothing to the hot path.
  app.server.on('connection', (socket: Socket) => {
    connections.add(socket);
    socket.once('close', () => connections.delete(socket));
  });
  // onRequest, not onSend: with no onSend hook at all Fastify skips that hook pass on every
  // answer, which measurably cost the list route (docs/decisions/0016). A request that began
  // before the drain gets the header from drainAndClose instead.
  app.addHook('onRequest', (_request, reply, done) => {
    if (app.lifecycle.draining) reply.raw.setHeader('connection', 'close');
    done();
  });
}
