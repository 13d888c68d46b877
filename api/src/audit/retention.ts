import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import { PeriodicPass } from '../common/periodicPass.js';
import type { Db } from '../db/database.js';

/** Entries deleted per statement: short transactions, whatever the backlog. */
export const RETENTION_BATCH = 1_000;
/** How often each API process looks for entries past their time. */
export const RETENTION_INTERVAL_MS = 60 * 60 * 1000;

/**
 * Deletes audit entries older than AUDIT_LOG_RETENTION_DAYS, oldest first, in batches. Every
 * replica runs it; two at once delete disjoint rows or none (SKIP LOCKED).
 */
export class AuditRetention {
  private readonly periodic: PeriodicPass;

  constructor(
    private readonly deps: { db: Db; now: () => Date; retentionDays: number },
    log: FastifyBaseLogger,
  ) {
    this.periodic = new PeriodicPass(() => this.pass(), log, 'audit log retention pass failed');
  }

  start(intervalMs = RETENTION_INTERVAL_MS): void {
    this.periodic.start(intervalMs);
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }

  /** One pass: every entry past its time is deleted; returns how many. */
  async pass(): Promise<number> {
    const cutoff = new Date(this.deps.now().getTime() - this.deps.retentionDays * 86_400_000);
    let deleted = 0;
    for (;;) {
      const { rows } = await sql<{ n: number }>`
        WITH expired AS (
          SELECT id FROM audit_log WHERE at < ${cutoff} ORDER BY at, id LIMIT ${RETENTION_BATCH} FOR UPDATE SKIP LOCKED
        )
        DELETE FROM audit_log WHERE id IN (SELECT id FROM expired) RETURNING 1 AS n`.execute(this.deps.db);
      deleted += rows.length;
      if (rows.length < RETENTION_BATCH) return deleted;
    }
  }
}
