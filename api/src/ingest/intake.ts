import type { FastifyInstance } from 'fastify';
import type { AlertChangeFeed } from '../alerts/alertChanges.js';
import type { Config } from '../config.js';
import type { OpenDb } from '../db/database.js';
import type { ValidationIssue } from '../errors.js';
import type { Notifications } from '../notifications/service.js';
import type { IngestEvent, IngestFormat } from './events.js';
import { IngestKeyLimiter } from './keyLimiter.js';
import { parseBody } from './parse.js';
import { type IngestStage, IngestStages } from './stages.js';
import { findIntegration, type IngestOutcome, ingest } from './store.js';

/** What became of a body, before any URL's way of answering it. */
export type IntakeResult =
  | { kind: 'limited'; retryAfterMs: number }
  | { kind: 'unknown-key' }
  | { kind: 'inactive-owner' }
  | { kind: 'invalid'; issues: ValidationIssue[] }
  | { kind: 'too-many'; count: number }
  | { kind: 'done'; events: IngestEvent[]; outcomes: IngestOutcome[] };

/** A key's admission for a request that stores no event (an Opsgenie action or read, a ping by name). */
export type KeyAdmission =
  | { kind: 'limited'; retryAfterMs: number }
  | { kind: 'unknown-key' }
  | { kind: 'inactive-owner' }
  | { kind: 'known'; integrationId: string };

/**
 * The one way into ingestion, whichever URL a body came to (/api/v1/ingest/{key}…, or the
 * PagerDuty drop-in /v2/enqueue): the key's rate limit, validation, the key check and the
 * store, in that order. One per app, so a key has one alert budget whatever URL it posts to.
 */
export interface IntakeDeps {
  db: OpenDb;
  config: Config;
  now: () => Date;
  notifications: Notifications;
  alertChanges: AlertChangeFeed;
  /** Routing, maintenance, grouping (ingest/stages.ts), in order; none by default. */
  stages?: IngestStage[];
}

export class Intake {
  private readonly limiter: IngestKeyLimiter;
  /** Services that change an integration's rules, windows or grouping call `stages.invalidate(id)`. */
  readonly stages: IngestStages;

  /** `app` gives the rate-limit store's counter (operations/rateLimitStore.ts) and the log. */
  constructor(
    app: FastifyInstance,
    private readonly deps: IntakeDeps,
  ) {
    this.limiter = new IngestKeyLimiter({
      counter: app.rateLimitCounter,
      log: app.log,
      limit: deps.config.rateLimit.ingestAlertsPerKey,
    });
    this.stages = new IngestStages(deps.db, deps.stages ?? []);
  }

  close(): void {
    this.limiter.close();
  }

  /** The key's integration, for the answers that store nothing: an unknown key or an inactive owner come before any other. */
  private async checkKey(keyHash: string): Promise<IntakeResult | undefined> {
    const integration = await findIntegration(this.deps.db, keyHash);
    if (!integration) {
      this.limiter.forget(keyHash);
      return { kind: 'unknown-key' };
    }
    this.limiter.known(keyHash);
    return integration.is_active ? undefined : { kind: 'inactive-owner' };
  }

  /**
   * A request that acts on the key's integration without a body of events (an Opsgenie close,
   * a request-status read, a heartbeat ping by name): it costs the key one, within the same
   * budget as its alerts, and answers the integration.
   */
  async admitKey(keyHash: string): Promise<KeyAdmission> {
    const admission = this.limiter.admit(keyHash, 1);
    if (!admission.ok) return { kind: 'limited', retryAfterMs: admission.retryAfterMs };
    const integration = await findIntegration(this.deps.db, keyHash);
    if (!integration) {
      this.limiter.forget(keyHash);
      return { kind: 'unknown-key' };
    }
    this.limiter.known(keyHash);
    return integration.is_active ? { kind: 'known', integrationId: integration.id } : { kind: 'inactive-owner' };
  }

  /** A body that could not be read: it costs the key one, and the key is checked all the same. */
  async checkUnreadable(keyHash: string): Promise<IntakeResult | undefined> {
    const admission = this.limiter.admit(keyHash, 1);
    if (!admission.ok) return { kind: 'limited', retryAfterMs: admission.retryAfterMs };
    return this.checkKey(keyHash);
  }

  async receive(keyHash: string, format: IngestFormat, body: unknown, clientIp: string | null): Promise<IntakeResult> {
    const { db, config, now, notifications, alertChanges } = this.deps;
    const { maxAlertsPerBody } = config.ingest;
    const parsed = parseBody(format, body);
    const alerts = parsed.ok ? parsed.events.length : 0;
    // Counted before anything is read or written: a refused or malformed body costs one, a body its alerts.
    const admission = this.limiter.admit(keyHash, alerts <= maxAlertsPerBody ? Math.max(1, alerts) : 1);
    if (!admission.ok) return { kind: 'limited', retryAfterMs: admission.retryAfterMs };
    if (!parsed.ok) return (await this.checkKey(keyHash)) ?? { kind: 'invalid', issues: parsed.issues };
    // One body may not set off more than this many alerts (and their emails): all refused, none stored.
    if (alerts > maxAlertsPerBody) return (await this.checkKey(keyHash)) ?? { kind: 'too-many', count: alerts };
    const at = now();
    const staged = await this.stages.apply(keyHash, parsed.events, at);
    const dropped = staged.dropped.map((d): IngestOutcome => ({ dedupKey: d.event.dedupKey, alertId: null, result: 'dropped' }));
    if (staged.kept.length === 0 && dropped.length > 0) {
      // Every event dropped: the key is checked all the same, and nothing is stored but the drops' record.
      const refusal = await this.checkKey(keyHash);
      if (refusal) return refusal;
      if (staged.context) await this.stages.record(staged.dropped, staged.context);
      return { kind: 'done', events: parsed.events, outcomes: dropped };
    }
    const answer = await ingest(db, { keyHash }, staged.kept, clientIp, at);
    if (answer.status === 'unknown-key') {
      this.limiter.forget(keyHash);
      return { kind: 'unknown-key' };
    }
    this.limiter.known(keyHash);
    if (answer.status === 'inactive-owner') return { kind: 'inactive-owner' };
    if (staged.context && staged.dropped.length > 0) await this.stages.record(staged.dropped, staged.context);
    // New alerts wrote their owner's notification in the same statement; queue it now. A
    // deduplicated repeat emails nobody, but its count changed: open consoles hear of every change.
    if (answer.created > 0) notifications.kick();
    if (answer.outcomes.some((o) => o.result !== 'ignored')) alertChanges.announce([answer.teamId]);
    return { kind: 'done', events: parsed.events, outcomes: [...answer.outcomes, ...dropped] };
  }
}
