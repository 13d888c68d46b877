import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';

/**
 * LISTEN on a channel: `onPayload` gets each NOTIFY's payload; `onGap` is called after a lost
 * connection is re-established (notifications sent meanwhile are gone, so listeners resync).
 * Resolves to a function that stops listening.
 */
export type Listen = (channel: string, onPayload: (payload: string) => void, onGap?: () => void) => Promise<() => Promise<void>>;

/** PGlite runs in this process: its own listen API. */
export const pgliteListen =
  (client: PGlite): Listen =>
  async (channel, onPayload) => {
    const unlisten = await client.listen(channel, onPayload);
    return async () => unlisten();
  };

/** Pauses between attempts to re-open a lost LISTEN connection: growing, up to the last. */
const FIRST_RETRY_MS = 250;
const MAX_RETRY_MS = 10_000;

/**
 * PostgreSQL: one dedicated connection per channel (a pooled one cannot hold a LISTEN), kept
 * open and re-opened after a failure, with a growing pause up to 10 s, for as long as it takes.
 * Every connection keeps its error listener for good: a lost one, a replaced one or an attempt
 * that failed can still emit 'error', and an 'error' without a listener ends the process.
 */
export const postgresListen =
  (clientConfig: pg.ClientConfig): Listen =>
  async (channel, onPayload, onGap) => {
    let current: pg.Client | undefined;
    let stopped = false;
    let retryMs = FIRST_RETRY_MS;
    let retryTimer: NodeJS.Timeout | undefined;
    /** Connections that have failed: one that fails while it is being opened is not used. */
    const failed = new WeakSet<pg.Client>();

    const lost = (client: pg.Client) => {
      failed.add(client);
      // A failed attempt, or a connection already replaced: nothing to re-open.
      if (client !== current) return;
      current = undefined;
      client.end().catch(() => {});
      reopenLater();
    };
    const open = async (): Promise<pg.Client> => {
      const client = new pg.Client(clientConfig);
      client.on('notification', (message) => {
        if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
      });
      client.on('error', () => lost(client));
      client.on('end', () => lost(client));
      try {
        await client.connect();
        await client.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
        if (failed.has(client)) throw new Error('Connection terminated while it was being opened');
        return client;
      } catch (error) {
        failed.add(client);
        client.end().catch(() => {});
        throw error;
      }
    };
    const reopenLater = () => {
      if (stopped) return;
      retryTimer = setTimeout(async () => {
        retryTimer = undefined;
        let client: pg.Client;
        try {
          client = await open();
        } catch {
          retryMs = Math.min(retryMs * 2, MAX_RETRY_MS);
          reopenLater();
          return;
        }
        if (stopped) {
          await client.end().catch(() => {});
          return;
        }
        current = client;
        retryMs = FIRST_RETRY_MS;
        // Notifications sent while no connection listened are gone: the listeners resync.
        onGap?.();
      }, retryMs);
      retryTimer.unref();
    };

    current = await open();
    return async () => {
      stopped = true;
      clearTimeout(retryTimer);
      const last = current;
      current = undefined;
      await last?.end().catch(() => {});
    };
  };
