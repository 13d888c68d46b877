import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { IngestEvent } from './events.js';

/**
 * The steps a body's events pass between parsing and the store (docs/decisions/0090): routing
 * rules, maintenance windows, grouping. Each stage loads what it needs of one integration once
 * (cached below), then rewrites, marks or drops events in memory: no stage adds a round trip
 * to a body of an integration that has nothing for it.
 */
export interface IngestStage<S = unknown> {
  readonly name: string;
  /** What the stage needs of one integration; null when it has nothing to do there (the usual case). */
  load(db: Db, integrationId: string): Promise<S | null>;
  apply(state: S, events: IngestEvent[], context: StageContext): StageResult;
  /** After the store answered: what the stage keeps of the events it dropped (routing's history). */
  record?(db: Db, dropped: DroppedEvent[], context: StageContext): Promise<void>;
}

export interface StageContext {
  integrationId: string;
  now: Date;
}

export interface DroppedEvent {
  event: IngestEvent;
  stage: string;
  /** What dropped it, in words for the integration's history (e.g. a rule's name). */
  reason: string;
  /** The rule, window… that decided; null when none. */
  byId: string | null;
}

export interface StageResult {
  kept: IngestEvent[];
  dropped: DroppedEvent[];
}

/** How long a process reuses an integration's stage data: a change made through another replica is seen within this. */
export const STAGE_CACHE_MS = 2_000;
const CACHE_MAX = 10_000;

interface Cached {
  integrationId: string;
  states: (unknown | null)[];
  at: number;
}

/** The stages in order, with one cache per process of what each needs per integration. */
export class IngestStages {
  private readonly byKey = new Map<string, Cached>();

  constructor(
    private readonly db: Db,
    private readonly stages: IngestStage[],
    private readonly clock: () => number = Date.now,
  ) {}

  /** A change to an integration's rules, windows or grouping: this process sees it at once. */
  invalidate(integrationId: string): void {
    for (const [key, cached] of this.byKey) if (cached.integrationId === integrationId) this.byKey.delete(key);
  }

  private async load(keyHash: string): Promise<Cached | undefined> {
    const hit = this.byKey.get(keyHash);
    if (hit && this.clock() - hit.at < STAGE_CACHE_MS) return hit;
    const { rows } = await sql<{ id: string }>`
      SELECT id FROM integrations WHERE ingest_key_hash = ${keyHash}
      UNION ALL SELECT integration_id FROM integration_legacy_keys WHERE key_hash = ${keyHash}
      LIMIT 1`.execute(this.db);
    const integrationId = rows[0]?.id;
    if (!integrationId) return undefined;
    const states = await Promise.all(this.stages.map((stage) => stage.load(this.db, integrationId)));
    const cached = { integrationId, states, at: this.clock() };
    if (this.byKey.size >= CACHE_MAX) this.byKey.delete(this.byKey.keys().next().value as string);
    this.byKey.set(keyHash, cached);
    return cached;
  }

  /**
   * The events as the store should take them, and those a stage dropped. An unknown key passes
   * its events through untouched: the store answers it.
   */
  async apply(keyHash: string, events: IngestEvent[], now: Date): Promise<StageResult & { context: StageContext | null }> {
    if (this.stages.length === 0) return { kept: events, dropped: [], context: null };
    const cached = await this.load(keyHash);
    if (!cached) return { kept: events, dropped: [], context: null };
    const context = { integrationId: cached.integrationId, now };
    let kept = events;
    const dropped: DroppedEvent[] = [];
    this.stages.forEach((stage, i) => {
      const state = cached.states[i];
      if (state === null || state === undefined || kept.length === 0) return;
      const result = stage.apply(state, kept, context);
      kept = result.kept;
      dropped.push(...result.dropped);
    });
    return { kept, dropped, context };
  }

  /** Each stage's record of what it dropped. */
  async record(dropped: DroppedEvent[], context: StageContext): Promise<void> {
    for (const stage of this.stages) {
      const own = dropped.filter((d) => d.stage === stage.name);
      if (own.length > 0 && stage.record) await stage.record(this.db, own, context);
    }
  }
}
