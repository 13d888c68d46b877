import type { FastifyBaseLogger } from 'fastify';
import type { WindowCounter } from '../operations/windowCounter.js';

export type Admission = { ok: true } | { ok: false; retryAfterMs: number };

/** One key's current window as this process sees it. */
interface KeyWindow {
  endsAt: number;
  /** The store's total at the last flush (every replica's alerts). */
  shared: number;
  /** Sent to the store, answer awaited. */
  inFlight: number;
  /** Admitted here since, not yet sent. */
  pending: number;
  /** Set once a request with this key got past the key check: only real keys reach the store. */
  known: boolean;
  /** The store answered for this window: until then, flushes go at once rather than every flushMs. */
  synced: boolean;
  timer?: NodeJS.Timeout;
  flushing?: Promise<void>;
}

export interface IngestKeyLimiterOptions {
  counter: WindowCounter;
  log: FastifyBaseLogger;
  /** Alerts per key and window. */
  limit: number;
  windowMs?: number;
  /** How often a key's admitted alerts are added to the shared store. */
  flushMs?: number;
}

/**
 * Alerts per integration key and minute (RATE_LIMIT_INGEST_ALERTS_PER_MINUTE), shared by the
 * replicas, without a round trip on ingestion's hot path: each process decides from what it knows
 * (the store's total at its last flush, plus what it admitted since) and adds what it admitted to
 * the store in one statement per key every `flushMs` (200 ms), taking the store's new total back.
 * The first admission of a window is sent at once, so a replica learns what the others counted
 * after one request, not one interval. A key costs the store five writes a second however fast
 * it sends, and across replicas the limit can be passed by what the others admit within one
 * flush. The unit is the alert (a body
 * costs its alert count, at least one), because alerts, not requests, are what make emails.
 *
 * Keys are counted under their SHA-256 (the store never holds a key). A key that turns out to be
 * unknown is forgotten at once, so random keys leave nothing behind here or in the store. A store
 * that fails is logged once and the process goes on counting alone: its local count still limits.
 */
export class IngestKeyLimiter {
  private readonly windows = new Map<string, KeyWindow>();
  private readonly windowMs: number;
  private readonly flushMs: number;
  private storeFailing = false;
  private nextSweep = 0;

  constructor(private readonly options: IngestKeyLimiterOptions) {
    this.windowMs = options.windowMs ?? 60_000;
    this.flushMs = options.flushMs ?? 200;
  }

  /** Admits `alerts` for the key (reserving them), or says how long to wait. Synchronous: no I/O. */
  admit(keyHash: string, alerts: number, now = Date.now()): Admission {
    this.sweep(now);
    let window = this.windows.get(keyHash);
    if (!window || window.endsAt <= now) {
      clearTimeout(window?.timer);
      window = { endsAt: now + this.windowMs, shared: 0, inFlight: 0, pending: 0, known: window?.known ?? false, synced: false };
      this.windows.set(keyHash, window);
    }
    if (window.shared + window.inFlight + window.pending + alerts > this.options.limit) {
      return { ok: false, retryAfterMs: window.endsAt - now };
    }
    window.pending += alerts;
    if (window.known) this.schedule(keyHash, window);
    return { ok: true };
  }

  /** The key opened an integration: its counts go to the shared store from now on. */
  known(keyHash: string): void {
    const window = this.windows.get(keyHash);
    if (!window || window.known) return;
    window.known = true;
    this.schedule(keyHash, window);
  }

  /** The key opened nothing (401): nothing of it is kept or stored. */
  forget(keyHash: string): void {
    clearTimeout(this.windows.get(keyHash)?.timer);
    this.windows.delete(keyHash);
  }

  /** Sends what is pending now and waits for every answer (tests). */
  async flushAll(): Promise<void> {
    const known = [...this.windows].filter(([, w]) => w.known);
    await Promise.all(known.map(([, w]) => w.flushing));
    await Promise.all(known.map(([hash, w]) => this.flush(hash, w)));
  }

  close(): void {
    for (const window of this.windows.values()) clearTimeout(window.timer);
    this.windows.clear();
  }

  private schedule(keyHash: string, window: KeyWindow): void {
    if (window.timer || window.flushing || window.pending === 0) return;
    if (!window.synced) {
      void this.flush(keyHash, window);
      return;
    }
    window.timer = setTimeout(() => {
      window.timer = undefined;
      void this.flush(keyHash, window);
    }, this.flushMs);
    window.timer.unref();
  }

  private flush(keyHash: string, window: KeyWindow): Promise<void> {
    // One add in flight per key, so the totals the store answers arrive in order.
    if (window.flushing || window.pending === 0) return window.flushing ?? Promise.resolve();
    window.flushing = this.send(keyHash, window).finally(() => {
      window.flushing = undefined;
      if (this.windows.get(keyHash) === window) this.schedule(keyHash, window);
    });
    return window.flushing;
  }

  private async send(keyHash: string, window: KeyWindow): Promise<void> {
    const amount = window.pending;
    window.pending = 0;
    window.inFlight = amount;
    try {
      const { current, ttl } = await this.options.counter.add(`ingest:${keyHash}`, amount, this.windowMs);
      window.shared = current;
      // The store's window rules: it may have begun on another replica.
      if (ttl > 0) window.endsAt = Date.now() + ttl;
      if (this.storeFailing) this.options.log.info('ingest rate-limit store reachable again');
      this.storeFailing = false;
    } catch (error) {
      window.shared += amount;
      if (!this.storeFailing) {
        this.options.log.warn({ err: { message: (error as Error).message } }, 'ingest rate-limit store unreachable: counting per process');
      }
      this.storeFailing = true;
    } finally {
      window.inFlight = 0;
      window.synced = true;
    }
  }

  /** Windows that ended go at most once a minute: rotated and deleted keys do not pile up. */
  private sweep(now: number): void {
    if (now < this.nextSweep) return;
    this.nextSweep = now + this.windowMs;
    for (const [hash, window] of this.windows) {
      if (window.endsAt <= now && !window.timer && !window.flushing) this.windows.delete(hash);
    }
  }
}
