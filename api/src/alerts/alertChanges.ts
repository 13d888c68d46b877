import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { isConnectionError } from '../db/connectionErrors.js';
import type { OpenDb } from '../db/database.js';
import { ALERT_CHANGES_CHANNEL } from '../db/migrations/0006_alert_changes_and_filters.js';

/** Whose alerts changed: some teams', or everyone's (a large statement, or a missed stretch). */
export type AlertChange = { teams: string[] } | { all: true };

interface Subscriber {
  /** Whose stream this is: a user holds a bounded number (ChangeStreamConfig.maxPerUser). */
  userId: string;
  onChange(change: AlertChange): void;
  /** The feed is closing (the server is shutting down): end the stream. */
  onEnd(): void;
}

/** Announcements of one process are folded for this long: one NOTIFY for a burst of changes. */
export const ANNOUNCE_COALESCE_MS = 25;
/** NOTIFY's payload limit is 8,000 bytes: past this, "everyone's alerts changed". */
const MAX_PAYLOAD = 7_900;

/**
 * The alert changes of the whole deployment, as this process hears them. Every change to
 * alerts made by the API (console, public link, ingestion, escalation timer) is announced here
 * after its commit, folded with the others of the next 25 ms into one NOTIFY on one channel
 * (a statement of its own, outside the change's transaction: PostgreSQL serializes the commits
 * of transactions that NOTIFY, which cost ingestion a tenth of its throughput when a trigger
 * announced every statement, migration 0012). Every replica LISTENs and fans out to its own
 * subscribers (open consoles). Listens only while someone subscribes: one connection per
 * process, not per console.
 */
export class AlertChangeFeed {
  private readonly subscribers = new Set<Subscriber>();
  private listening?: Promise<() => Promise<void>>;
  private schema?: Promise<string | undefined>;
  private pending?: { teams: Set<string>; timer: NodeJS.Timeout };

  constructor(
    private readonly db: OpenDb,
    private readonly log: FastifyBaseLogger,
  ) {}

  /** After a commit that changed these teams' alerts: every console of the deployment hears of it. */
  announce(teamIds: Iterable<string>): void {
    if (!this.pending) {
      const teams = new Set<string>();
      this.pending = { teams, timer: setTimeout(() => void this.flushAnnouncements(), ANNOUNCE_COALESCE_MS) };
    }
    for (const id of teamIds) this.pending.teams.add(id);
  }

  /** Sends what is folded now (tests, and the close). */
  async flushAnnouncements(): Promise<void> {
    const pending = this.pending;
    if (!pending) return;
    this.pending = undefined;
    clearTimeout(pending.timer);
    if (pending.teams.size === 0) return;
    try {
      const schema = await this.currentSchema();
      let payload = JSON.stringify({ schema, teams: [...pending.teams] });
      if (Buffer.byteLength(payload) > MAX_PAYLOAD) payload = JSON.stringify({ schema, all: true });
      await sql`SELECT pg_notify(${ALERT_CHANGES_CHANNEL}, ${payload})`.execute(this.db);
    } catch (err) {
      // Live updates are a convenience: a console also refreshes on its next load or reconnect.
      // A lost database is logged once, as an outage (db/outage.ts).
      if (!isConnectionError(err)) this.log.warn({ err }, 'alert changes could not be announced');
    }
  }

  async subscribe(subscriber: Subscriber): Promise<() => void> {
    this.subscribers.add(subscriber);
    this.listening ??= this.listen();
    try {
      await this.listening;
    } catch (error) {
      this.subscribers.delete(subscriber);
      this.listening = undefined;
      throw error;
    }
    return () => {
      this.subscribers.delete(subscriber);
    };
  }

  /** How many streams this user holds open on this process. */
  streamsOf(userId: string): number {
    let count = 0;
    for (const subscriber of this.subscribers) if (subscriber.userId === userId) count++;
    return count;
  }

  /** Ends every subscription first: open streams would otherwise hold the server's close forever. */
  async close(): Promise<void> {
    await this.flushAnnouncements();
    const ending = [...this.subscribers];
    this.subscribers.clear();
    for (const subscriber of ending) subscriber.onEnd();
    const stop = await this.listening?.catch(() => undefined);
    this.listening = undefined;
    await stop?.();
  }

  private currentSchema(): Promise<string | undefined> {
    // Forgotten when it fails (the database was away): the next call asks again.
    this.schema ??= sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(this.db).then(
      ({ rows }) => rows[0]?.schema,
      (error: unknown) => {
        this.schema = undefined;
        throw error;
      },
    );
    return this.schema;
  }

  private async listen(): Promise<() => Promise<void>> {
    const schema = await this.currentSchema();
    return this.db.listen(
      ALERT_CHANGES_CHANNEL,
      (payload) => {
        let message: { schema?: string; teams?: string[]; all?: boolean };
        try {
          message = JSON.parse(payload);
        } catch {
          return;
        }
        // Channels are per database: other schemas (test files, other deployments) talk there too.
        if (message.schema !== schema) return;
        this.publish(message.all ? { all: true } : { teams: message.teams ?? [] });
      },
      () => {
        this.log.warn('alert change feed reconnected: consoles resync');
        this.publish({ all: true });
      },
    );
  }

  private publish(change: AlertChange): void {
    for (const subscriber of this.subscribers) subscriber.onChange(change);
  }
}

/** Whether `change` concerns what this user sees: their teams' alerts, or any for a superuser. */
export const concerns = (change: AlertChange, user: { is_superuser: boolean; onlyTeam?: string }, teams: ReadonlySet<string>): boolean =>
  (user.is_superuser && !user.onlyTeam) || 'all' in change || change.teams.some((id) => teams.has(id));
