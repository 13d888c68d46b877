import type { FastifyBaseLogger } from 'fastify';
// upward: the timer escalates an alert through the one path every alert action takes.
import { type AlertActionDeps, actOnAlert } from '../alerts/alertActions.js';
import { PeriodicPass } from '../common/periodicPass.js';
import { isConnectionError } from '../db/connectionErrors.js';

/** Alerts escalated per pass at most; a longer backlog is taken by the next passes. */
const PASS_SIZE = 100;

/**
 * Escalates alerts left unacknowledged past their `next_escalation_at` (set from the
 * integration's policy when the alert was created or last escalated). Every API process of role
 * all or worker runs one (operations/roles.ts); each escalation goes through the locked action (via "policy"), which acts only on an
 * alert still due, so two replicas never escalate one alert twice. Time is `deps.now()`: tests
 * move that clock and call `tick()`.
 */
export class EscalationTimer {
  private readonly periodic: PeriodicPass;

  constructor(
    private readonly deps: AlertActionDeps,
    private readonly log: FastifyBaseLogger,
  ) {
    this.periodic = new PeriodicPass(() => this.tick(), log, 'escalation pass failed');
  }

  /** One pass: escalates what is due now; resolves to how many alerts it escalated. */
  async tick(): Promise<number> {
    const now = this.deps.now();
    const due = await this.deps.db
      .selectFrom('alerts')
      .select('id')
      .where('next_escalation_at', '<=', now)
      .where('state', 'in', ['open', 'escalated'])
      .orderBy('next_escalation_at')
      .limit(PASS_SIZE)
      .execute();
    let escalated = 0;
    for (const { id } of due) {
      try {
        const { changed, fallback } = await actOnAlert(this.deps, id, 'escalate', { actorId: null, via: 'policy', clientIp: null });
        if (changed) escalated += 1;
        // The record of it is the escalation's notifications, addressed to the superusers.
        if (fallback) this.log.info({ alertId: id }, 'escalation level reached nobody: every active superuser instead');
      } catch (err) {
        // Deleted meanwhile (404), or a database error: the next pass tries what is still due.
        // A lost database is logged once, as an outage (db/outage.ts), and ends this pass.
        if (isConnectionError(err)) throw err;
        this.log.warn({ err, alertId: id }, 'automatic escalation failed');
      }
    }
    if (escalated > 0) this.log.info({ escalated }, 'alerts escalated by their escalation policy');
    return escalated;
  }

  start(intervalMs: number): void {
    this.periodic.start(intervalMs);
  }

  stop(): Promise<void> {
    return this.periodic.stop();
  }
}
