import type { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import type { Db } from './database.js';

/**
 * LISTEN on a channel: `onPayload` gets each NOTIFY's payload; `onGap` is called after a lost
 * connection is re-established (notifications sent meanwhile are gone, so listeners resync).
 * Resolves to a function that stops listening.
 */
export type Listen = (channel: string, onPayload: (payload: string) => void, onGap?: () => void) => Promise<() => Promise<void>>;

const listenFns = new WeakMap<Db, Listen>();

export function setListen(db: Db, listen: Listen): void {
  listenFns.set(db, listen);
}

/** How this database delivers notifications; every Db opened by openDatabase has one. */
export function listenOf(db: Db): Listen {
  const listen = listenFns.get(db);
  if (!listen) throw new Error('This database was not opened by openDatabase: it cannot LISTEN');
  return listen;
}

/** PGlite runs in this process: its own listen API. */
export const pgliteListen =
  (client: PGlite): Listen =>
  async (channel, onPayload) => {
    const unlisten = await client.listen(channel, onPayload);
    return async () => unlisten();
  };

/**
 * PostgreSQL: one dedicated connection per channel (a pooled one cannot hold a LISTEN), kept
 * open and re-opened after a failure, with a growing pause up to 10 s.
 */
export const postgresListen =
  (clientConfig: pg.ClientConfig): Listen =>
  async (channel, onPayload, onGap) => {
    let client: pg.Client | undefined;
    let stopped = false;
    let retryMs = 250;
    const connect = async (afterGap: boolean): Promise<void> => {
      const next = new pg.Client(clientConfig);
      next.on('notification', (message) => {
        if (message.channel === channel && message.payload !== undefined) onPayload(message.payload);
      });
      next.on('error', () => reconnect());
      next.on('end', () => reconnect());
      await next.connect();
      await next.query(`LISTEN ${pg.escapeIdentifier(channel)}`);
      client = next;
      retryMs = 250;
      if (afterGap) onGap?.();
    };
    const reconnect = () => {
      if (stopped || !client) return;
      const lost = client;
      client = undefined;
      lost.removeAllListeners();
      lost.end().catch(() => {});
      const attempt = () => {
        if (stopped) return;
        connect(true).catch(() => {
          retryMs = Math.min(retryMs * 2, 10_000);
          setTimeout(attempt, retryMs).unref();
        });
      };
      setTimeout(attempt, retryMs).unref();
    };
    await connect(false);
    return async () => {
      stopped = true;
      const last = client;
      client = undefined;
      last?.removeAllListeners();
      await last?.end().catch(() => {});
    };
  };
