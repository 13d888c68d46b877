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

export interface UnreachableRetry {
  /** Ends the retries (a stopping process): the abort's reason is thrown. */
  signal?: AbortSignal;
  /** The longest pause between attempts (5 s unless given). */
  maxPauseMs?: number;
  /**
   * An attempt still unanswered this long counts as unreachable and the next one starts (on
   * another connection): a statement sent to a server that vanished from the network gets no
   * answer for as long as TCP retransmits, many minutes. Only for idempotent work.
   */
  attemptTimeoutMs?: number;
}

/**
 * Runs `work`, and again after a growing pause while it fails for want of the database, until
 * `deadline` (a Date.now() time, Infinity for no end) would pass: for a step that must not be
 * given up lightly (a sent email's record). Any other error, the deadline or the signal's
 * abort is thrown.
 */
export async function retryWhileUnreachable<T>(work: () => Promise<T>, deadline: number, options: UnreachableRetry = {}): Promise<T> {
  const { signal, maxPauseMs = 5_000, attemptTimeoutMs } = options;
  for (let pauseMs = Math.min(250, maxPauseMs); ; pauseMs = Math.min(pauseMs * 2, maxPauseMs)) {
    signal?.throwIfAborted();
    try {
      return await (attemptTimeoutMs === undefined ? work() : answeredWithin(work(), attemptTimeoutMs));
    } catch (error) {
      if (!isConnectionError(error) || Date.now() + pauseMs > deadline) throw error;
      await pause(pauseMs, signal);
    }
  }
}

/**
 * The statement's own outcome, or, once `timeoutMs` passed without one, a failure that counts
 * as the database's absence (ETIMEDOUT: a 503 for a request, a retry for background work). The
 * statement itself is not cancelled: its late outcome is dropped.
 */
export function answeredWithin<T>(attempt: Promise<T>, timeoutMs: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const unanswered = new Promise<never>((_, reject) => {
    timer = setTimeout(
      () => reject(Object.assign(new Error(`no answer from the database within ${timeoutMs / 1000} s`), { code: 'ETIMEDOUT' })),
      timeoutMs,
    );
  });
  // The abandoned attempt may still fail later: its rejection is nobody's to handle.
  attempt.catch(() => {});
  return Promise.race([attempt, unanswered]).finally(() => clearTimeout(timer));
}

/** Resolves after `ms`, or at once when `signal` aborts (the next attempt then throws its reason). */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    };
    const timer = setTimeout(done, ms);
    signal?.addEventListener('abort', done, { once: true });
  });
}
