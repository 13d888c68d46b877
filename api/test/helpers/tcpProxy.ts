import { connect, createServer, type Server, type Socket } from 'node:net';

/**
 * A stand-in for CloudNativePG's `-rw` Service (deploy/test/failover.test.ts), and how an API
 * test cuts an app off its database (refused: repointed to a closed port; `silence()`). A TCP
 * proxy on a loopback port that forwards each connection to the current primary's port.
 * `repoint()` is the endpoint change: new
 * connections go to the new target, and the open ones are closed, as connections to a pod
 * that is gone end. For a planned switchover `pause()` holds new connections (accepted, their
 * bytes kept, nothing forwarded) until `resume()` sends them to the target of that moment,
 * so a client that connects while the primary changes waits instead of failing. `silence()`
 * is a host that vanished from the network: new connections are held, and the open ones carry
 * nothing either way (each side's bytes kept) until `resume()`.
 */
export interface TcpProxy {
  readonly port: number;
  /** Connections open now (forwarded or held). */
  readonly open: number;
  repoint(targetPort: number): void;
  pause(): void;
  silence(): void;
  resume(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(targetPort: number): Promise<TcpProxy> {
  let target = targetPort;
  let paused = false;
  let silent = false;
  const forwarded = new Set<{ client: Socket; upstream: Socket }>();
  const held = new Set<Socket>();

  const forward = (client: Socket) => {
    const upstream = connect({ host: '127.0.0.1', port: target });
    const pair = { client, upstream };
    forwarded.add(pair);
    // Either side ending or failing (the server refused, reset, or went away) ends both.
    const end = () => {
      forwarded.delete(pair);
      client.destroy();
      upstream.destroy();
    };
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
    client.pipe(upstream);
    upstream.pipe(client);
    client.resume();
  };

  const server: Server = createServer({ pauseOnConnect: true }, (client) => {
    client.setNoDelay(true);
    if (!paused) return forward(client);
    held.add(client);
    const drop = () => {
      held.delete(client);
      client.destroy();
    };
    client.on('error', drop).on('close', drop);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const closeForwarded = () => {
    for (const { client, upstream } of forwarded) {
      client.destroy();
      upstream.destroy();
    }
    forwarded.clear();
  };

  return {
    port,
    get open() {
      return forwarded.size + held.size;
    },
    repoint(targetPort) {
      target = targetPort;
      closeForwarded();
    },
    pause() {
      paused = true;
    },
    silence() {
      paused = true;
      silent = true;
      for (const { client, upstream } of forwarded) {
        client.unpipe(upstream);
        upstream.unpipe(client);
        client.pause();
        upstream.pause();
      }
    },
    resume() {
      paused = false;
      if (silent) {
        silent = false;
        for (const { client, upstream } of forwarded) {
          client.pipe(upstream);
          upstream.pipe(client);
        }
      }
      for (const client of held) {
        held.delete(client);
        client.removeAllListeners('error').removeAllListeners('close');
        forward(client);
      }
    },
    async close() {
      closeForwarded();
      for (const client of held) client.destroy();
      held.clear();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
