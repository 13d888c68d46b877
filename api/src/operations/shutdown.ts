import type { FastifyInstance } from 'fastify';

/** How long requests in flight get to finish once the server stops accepting. */
const IN_FLIGHT_GRACE_MS = 10_000;

/**
 * A graceful stop, in the order a load balancer needs: the health check turns 503 at once
 * while requests are still served for `drainMs` (the balancer takes a few checks to notice),
 * then the server stops accepting, finishes every request in flight and closes its pools.
 */
export async function drainAndClose(app: FastifyInstance, options: { drainMs: number; signal?: string }): Promise<void> {
  app.deps.lifecycle.draining = true;
  app.log.info({ signal: options.signal, drainMs: options.drainMs }, 'shutting down: health check now answers 503');
  if (options.drainMs > 0) await new Promise((resolve) => setTimeout(resolve, options.drainMs));
  // Fastify's close waits for in-flight requests, closes idle keep-alive connections and
  // answers 503 to anything that still arrives on an open one.
  const closing = app.close();
  // A connection that never sent a request is not "idle" to Node and would hold the close
  // until its headers timeout: after a grace period for requests in flight, cut what is left.
  const cut = setTimeout(() => app.server.closeAllConnections(), IN_FLIGHT_GRACE_MS);
  cut.unref();
  await closing;
  clearTimeout(cut);
  app.log.info('shut down: every request in flight was answered');
}

/**
 * While draining, every answer says `Connection: close`: clients open a new connection for
 * their next request, which the load balancer sends elsewhere, and no keep-alive socket is
 * left to hold the close open after the requests in flight are answered.
 */
export function closeConnectionsWhileDraining(app: FastifyInstance): void {
  // onRequest, not onSend: with no onSend hook at all Fastify skips that hook pass on every
  // answer, which measurably cost the list route (docs/benchmarks.md). A request that began
  // before the drain finishes without the header; the close still ends its connection.
  app.addHook('onRequest', (_request, reply, done) => {
    if (app.deps.lifecycle.draining) reply.raw.setHeader('connection', 'close');
    done();
  });
}
