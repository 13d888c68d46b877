import type { FastifyBaseLogger } from 'fastify';
import { sql } from 'kysely';
import type { AlertChangeFeed } from '../alerts/alertChanges.js';
import { PeriodicPass } from '../common/periodicPass.js';
import type { Db } from '../db/database.js';
import type { AlertSeverity } from '../db/schema.js';
import { clipDescription, type IngestEvent } from '../ingest/events.js';
import { ingestIn } from '../ingest/store.js';
import { loadWindows, silenceDuring } from '../maintenance/stage.js';
import type { Notifications } from '../notifications/service.js';
import { heartbeatDedupKey, missedTitle } from './service.js';

/** Monitors claimed per pass at most; a longer backlog is taken by the next passes. */
const PASS_SIZE = 100;

type CheckerDeps = { db: Db; now: () => Date; notifications: Notifications; alertChanges: AlertChangeFeed };

interface Claimed {
  id: string;
  integration_id: string;
  name: string;
  interval_minutes: number;
  grace_minutes: number;
  severity: AlertSeverity;
  last_ping_at: Date | null;
}

function missedEvent(m: Claimed): IngestEvent {
  const since = m.last_ping_at ? `since ${m.last_ping_at.toISOString()}` : 'since it was created';
  return {
    action: 'trigger',
    dedupKey: heartbeatDedupKey(m.id),
    title: missedTitle(m.name),
    description: clipDescription(
      `No ping from the heartbeat monitor "${m.name}" ${since}: it expects one every ${m.interval_minutes} minutes ` +
        `(grace ${m.grace_minutes}). The next ping resolves this alert.`,
    ),
    severity: m.severity,
    labels: { heartbeat: m.name },
  };
}

/**
 * Raises an alert for every heartbeat monitor whose ping is overdue. Every API process of role
 * all or worker runs one, on the escalation timer's interval (ESCALATION_CHECK_SECONDS); of several replicas only one
 * raises a given miss: the pass claims overdue monitors with `UPDATE … SET missed_at WHERE
 * missed_at IS NULL … FOR UPDATE SKIP LOCKED RETURNING` and raises their alerts (through
 * ingestion, as a trigger on the monitor's integration) in the same transaction, so a claim
 * without its alert never commits, and a second checker finds nothing left to claim. Time is
 * `deps.now()`: tests move that clock and call `tick()`.
 */
export class HeartbeatChecker {
  private readonly periodic: PeriodicPass;

  constructor(
    private readonly deps: CheckerDeps,
    private readonly log: FastifyBaseLogger,
  ) {
    this.periodic = new PeriodicPass(() => this.tick(), log, 'heartbeat check failed');
  }

  /** One pass: resolves to how many new alerts it raised. */
  async tick(): Promise<number> {
    const now = this.deps.now();
    const { created, owners } = await this.deps.db.transaction().execute(async (trx) => {
      const { rows } = await sql<Claimed>`
        UPDATE heartbeat_monitors m SET missed_at = ${now}::timestamptz
        WHERE m.id IN (
          SELECT id FROM heartbeat_monitors
          WHERE missed_at IS NULL AND due_at <= ${now}::timestamptz
          ORDER BY due_at LIMIT ${PASS_SIZE}
          FOR UPDATE SKIP LOCKED
        ) AND m.missed_at IS NULL
        RETURNING m.id, m.integration_id, m.name, m.interval_minutes, m.grace_minutes, m.severity, m.last_ping_at`.execute(trx);
      const byIntegration = new Map<string, Claimed[]>();
      for (const m of rows) byIntegration.set(m.integration_id, [...(byIntegration.get(m.integration_id) ?? []), m]);
      let created = 0;
      const owners = new Set<string>();
      // A miss during a maintenance window of the integration is stored silenced, as a sender's alert is.
      const windows = await loadWindows(trx, [...byIntegration.keys()]);
      // In integration order, as ingestion locks: concurrent passes and pings never deadlock.
      for (const integrationId of [...byIntegration.keys()].sort()) {
        const events = silenceDuring(windows.get(integrationId) ?? [], (byIntegration.get(integrationId) ?? []).map(missedEvent), now);
        const answer = await ingestIn(trx, { integrationId }, events, null, now);
        if (answer.status !== 'done') continue;
        created += answer.created;
        if (answer.outcomes.length > 0) owners.add(answer.teamId);
      }
      return { created, owners };
    });
    if (created > 0) {
      this.deps.notifications.kick();
      this.log.info({ alerts: created }, 'heartbeat monitors missed their ping: alerts raised');
    }
    if (owners.size > 0) this.deps.alertChanges.announce(owners);
    return created;
  }

  start(intervalMs: number): void {
    this.periodic.start(intervalMs);
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }
}
