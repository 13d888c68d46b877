import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import { listenOf } from '../db/listen.js';
import { ALERT_CHANGES_CHANNEL } from '../db/migrations/0006_alert_changes_and_filters.js';

/** Whose alerts changed: some owners, or everyone's (a large statement, or a missed stretch). */
export type AlertChange = { owners: string[] } | { all: true };

interface Subscriber {
  onChange(change: AlertChange): void;
  /** The feed is closing (the server is shutting down): end the stream. */
  onEnd(): void;
}

/**
 * The alert changes of the whole deployment, as this process hears them: the database
 * announces each statement that touches alerts (migration 0006), whichever replica or
 * connection made it, and every replica fans it out to its own subscribers (open consoles).
 * Listens only while someone subscribes: one connection per process, not per console.
 */
export class AlertChangeFeed {
  private readonly subscribers = new Set<Subscriber>();
  private listening?: Promise<() => Promise<void>>;

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

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

  /** Ends every subscription first: open streams would otherwise hold the server's close forever. */
  async close(): Promise<void> {
    const ending = [...this.subscribers];
    this.subscribers.clear();
    for (const subscriber of ending) subscriber.onEnd();
    const stop = await this.listening?.catch(() => undefined);
    this.listening = undefined;
    await stop?.();
  }

  private async listen(): Promise<() => Promise<void>> {
    const { rows } = await sql<{ schema: string }>`SELECT current_schema() AS schema`.execute(this.db);
    const schema = rows[0]?.schema;
    return listenOf(this.db)(
      ALERT_CHANGES_CHANNEL,
      (payload) => {
        let message: { schema?: string; owners?: string[]; all?: boolean };
        try {
          message = JSON.parse(payload);
        } catch {
          return;
        }
        // Channels are per database: other schemas (test files, other deployments) talk there too.
        if (message.schema !== schema) return;
        this.publish(message.all ? { all: true } : { owners: message.owners ?? [] });
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

/** Whether `change` concerns what this user sees: their own alerts, or any for a superuser. */
export const concerns = (change: AlertChange, user: { id: string; is_superuser: boolean }): boolean =>
  user.is_superuser || 'all' in change || change.owners.includes(user.id);
