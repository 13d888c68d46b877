/**
 * Whether an error means the database could not be reached or the connection was lost, rather
 * than that a statement was wrong: such a request is answered 503 with Retry-After (errors.ts),
 * and background work simply tries again later. One definition, for every caller.
 */

/** SQLSTATEs of a lost or refused connection. */
const CONNECTION_SQLSTATES = new Set([
  '57P01', // admin_shutdown: pg_terminate_backend, or a fast shutdown
  '57P02', // crash_shutdown: another backend crashed, the server restarts
  '57P03', // cannot_connect_now: the server is starting up or shutting down
  '53300', // too_many_connections: refused at connect, like a server that is down
]);

/** Socket errors of a server that is down, restarting or unreachable. */
const SOCKET_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND', // a database container that is gone has no DNS name either
  'EAI_AGAIN',
]);

/**
 * node-postgres's own messages: the socket ended ("Connection terminated unexpectedly"), a
 * connect timed out (`connectionTimeoutMillis`, also for a pooled client's wait), or a query
 * was sent on a client that had lost its connection (a rollback after a failed statement).
 * Unanchored at the end: pg-boss appends the queue's name to the message of a worker's error.
 */
const PG_MESSAGES =
  /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error and is not queryable|Client was closed and is not queryable)/;

export function isConnectionError(error: unknown, depth = 0): boolean {
  if (typeof error !== 'object' || error === null || depth > 3) return false;
  const { code, message, cause, errors } = error as { code?: unknown; message?: unknown; cause?: unknown; errors?: unknown };
  if (typeof code === 'string' && (code.startsWith('08') || CONNECTION_SQLSTATES.has(code) || SOCKET_ERRORS.has(code))) return true;
  if (typeof message === 'string' && PG_MESSAGES.test(message)) return true;
  // A timeout wraps the socket's error; a host with several addresses fails with each (AggregateError).
  if (cause !== undefined && isConnectionError(cause, depth + 1)) return true;
  return Array.isArray(errors) && errors.some((inner) => isConnectionError(inner, depth + 1));
}

/** How long a caller is asked to wait before trying again while the database is away. */
export const RETRY_AFTER_SECONDS = 5;

/**
 * Runs `work`, and again after a growing pause while it fails for want of the database, until
 * `deadline` (a Date.now() time) would pass: for a step that must not be given up lightly (a
 * sent email's record). Any other error, or the deadline, is thrown.
 */
export async function retryWhileUnreachable<T>(work: () => Promise<T>, deadline: number): Promise<T> {
  for (let pauseMs = 250; ; pauseMs = Math.min(pauseMs * 2, 5_000)) {
    try {
      return await work();
    } catch (error) {
      if (!isConnectionError(error) || Date.now() + pauseMs > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, pauseMs));
    }
  }
}
