import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { isConnectionError } from '../db/connectionErrors.js';
import type { Db, OpenDb } from '../db/database.js';

/** Web processes tell the workers on this channel that the outbox holds new rows. */
export const OUTBOX_CHANNEL = 'vigil_outbox';
/** Kicks within this long of a NOTIFY share the next one: at most 40 a second per web process. */
export const OUTBOX_SIGNAL_COALESCE_MS = 25;

const currentSchema = async (db: Db): Promise<string> =>
  (await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(db)).rows[0]?.schema ?? 'public';

/**
 * A web process's side of the outbox (VIGIL_ROLE=web): it writes notifications rows but moves
 * none, so after a commit that wrote some it tells the workers, whose relays then move them at
 * once rather than at their next sweep. A NOTIFY of its own after the commit, not a trigger:
 * PostgreSQL serializes the commits of transactions that NOTIFY, which ingestion would pay on
 * every statement (migration 0012). The first kick notifies at once; the kicks of the next
 * 25 ms share one more. The payload is the schema: a channel is per database, and other
 * schemas (deployments, tests) may share it. A NOTIFY lost to an outage costs a delay, not a
 * notification: the workers' sweep moves the rows within RELAY_SWEEP_MS.
 */
export class OutboxAnnouncer {
  private window?: NodeJS.Timeout;
  private again = false;
  private sending?: Promise<void>;
  private schema?: Promise<string>;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** After a commit that wrote notifications. */
  kick(): void {
    if (this.window) {
      this.again = true;
      return;
    }
    this.window = setTimeout(() => {
      this.window = undefined;
      if (this.again) {
        this.again = false;
        this.kick();
      }
    }, OUTBOX_SIGNAL_COALESCE_MS);
    this.sending = this.notify();
  }

  /** Resolves once every kick so far is announced (tests, and the close). */
  async flush(): Promise<void> {
    clearTimeout(this.window);
    this.window = undefined;
    const folded = this.again;
    this.again = false;
    await this.sending;
    if (!folded) return;
    this.sending = this.notify();
    await this.sending;
  }

  private async notify(): Promise<void> {
    try {
      // Forgotten when it fails (the database was away): the next kick asks again.
      this.schema ??= currentSchema(this.db).catch((error: unknown) => {
        this.schema = undefined;
        throw error;
      });
      await sql`SELECT pg_notify(${OUTBOX_CHANNEL}, ${await this.schema})`.execute(this.db);
    } catch (err) {
      // A lost database is logged once, as an outage (db/outage.ts).
      if (!isConnectionError(err)) this.log.warn({ err }, 'the workers could not be told of new notifications: their sweep queues them');
    }
  }
}

/**
 * A worker's side: `onSignal` runs on each announcement for this schema, and once a lost LISTEN
 * connection is back (announcements meanwhile are gone). Resolves to a function that stops.
 */
export async function listenToOutbox(db: OpenDb, onSignal: () => void): Promise<() => Promise<void>> {
  const schema = await currentSchema(db);
  return db.listen(
    OUTBOX_CHANNEL,
    (payload) => {
      if (payload === schema) onSignal();
    },
    onSignal,
  );
}
