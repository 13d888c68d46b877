import { readFileSync } from 'node:fs';
import autocannon from 'autocannon';
import { coresBetween, cpuSnapshot } from './cpu.js';

/**
 * The load of `npm run bench:ingest`: senders posting to one ingest URL, each body built on
 * the fly from a mix that looks like production traffic.
 *
 * - Half the requests are generic events (one alert), half Alertmanager webhooks of 1 to 8
 *   alerts (a notification group).
 * - Each alert is a new dedup key (70 %), a repeat trigger of a recent key (25 %: the
 *   deduplicated path), or a resolve of a recent key (5 %: the transaction path).
 */
export interface IngestMix {
  newShare: number;
  repeatShare: number;
  amShare: number;
  maxBatch: number;
}
export const DEFAULT_MIX: IngestMix = { newShare: 0.7, repeatShare: 0.25, amShare: 0.5, maxBatch: 8 };

export interface Tally {
  requests: number;
  events: number;
  triggers: number;
  resolves: number;
  newKeys: number;
  repeats: number;
  amRequests: number;
  genericRequests: number;
}
const emptyTally = (): Tally => ({
  requests: 0,
  events: 0,
  triggers: 0,
  resolves: 0,
  newKeys: 0,
  repeats: 0,
  amRequests: 0,
  genericRequests: 0,
});

/** Recent keys, for repeats and resolves: a ring, as monitoring re-sends what fired lately. */
class RecentKeys {
  private keys: string[] = [];
  private next = 0;
  constructor(private readonly size: number) {}
  add(key: string): void {
    if (this.keys.length < this.size) this.keys.push(key);
    else this.keys[this.next] = key;
    this.next = (this.next + 1) % this.size;
  }
  pick(exclude: Set<string>): string | undefined {
    for (let tries = 0; tries < 4 && this.keys.length > 0; tries++) {
      const key = this.keys[Math.floor(Math.random() * this.keys.length)];
      if (key !== undefined && !exclude.has(key)) return key;
    }
    return undefined;
  }
}

interface Planned {
  body: string;
  triggers: number;
  resolves: number;
  newKeys: number;
  repeats: number;
  alertmanager: boolean;
}

/** Builds request bodies and counts what the server acknowledged (2xx) per kind of event. */
export class IngestTraffic {
  private serial = 0;
  private readonly recent = new RecentKeys(2000);
  /** What was acknowledged since the last reset (the measured window). */
  tally: Tally = emptyTally();
  /** Every trigger acknowledged since the start (warm-up included), to check against the database. */
  allTriggers = 0;
  /** Every trigger sent: the last requests of a run may be processed with their answer never read. */
  sentTriggers = 0;
  unexpected = 0;

  constructor(private readonly mix: IngestMix = DEFAULT_MIX) {}

  reset(): void {
    this.tally = emptyTally();
  }

  private event(exclude: Set<string>) {
    const roll = Math.random();
    if (roll >= this.mix.newShare) {
      const key = this.recent.pick(exclude);
      if (key) return { key, resolve: roll >= this.mix.newShare + this.mix.repeatShare, isNew: false };
    }
    const key = `bench-${process.pid}-${(this.serial++).toString(16).padStart(10, '0')}`;
    this.recent.add(key);
    return { key, resolve: false, isNew: true };
  }

  plan(): Planned {
    const alertmanager = Math.random() < this.mix.amShare;
    const size = alertmanager ? 1 + Math.floor(Math.random() * this.mix.maxBatch) : 1;
    const used = new Set<string>();
    const events = Array.from({ length: size }, () => {
      const e = this.event(used);
      used.add(e.key);
      return e;
    });
    const counts = {
      triggers: events.filter((e) => !e.resolve).length,
      resolves: events.filter((e) => e.resolve).length,
      newKeys: events.filter((e) => e.isNew).length,
      repeats: events.filter((e) => !e.isNew && !e.resolve).length,
      alertmanager,
    };
    this.sentTriggers += counts.triggers;
    if (!alertmanager) {
      const [e] = events;
      const body = e?.resolve
        ? { action: 'resolve', dedup_key: e.key }
        : { action: 'trigger', title: `Checkout latency above SLO on pod ${e?.key}`, severity: 'high', dedup_key: e?.key };
      return { body: JSON.stringify(body), ...counts };
    }
    return { body: JSON.stringify(alertmanagerBody(events)), ...counts };
  }

  record(planned: Planned, status: number): void {
    if (status < 200 || status >= 300) {
      this.unexpected++;
      return;
    }
    const t = this.tally;
    t.requests++;
    t.events += planned.triggers + planned.resolves;
    t.triggers += planned.triggers;
    t.resolves += planned.resolves;
    t.newKeys += planned.newKeys;
    t.repeats += planned.repeats;
    if (planned.alertmanager) t.amRequests++;
    else t.genericRequests++;
    this.allTriggers += planned.triggers;
  }
}

/** An Alertmanager v4 webhook as Alertmanager sends it: group fields and one entry per alert. */
function alertmanagerBody(events: { key: string; resolve: boolean }[]) {
  const alertname = 'HighRequestLatency';
  return {
    version: '4',
    groupKey: `{}:{alertname="${alertname}"}`,
    truncatedAlerts: 0,
    status: events.some((e) => !e.resolve) ? 'firing' : 'resolved',
    receiver: 'vigil',
    groupLabels: { alertname },
    commonLabels: { alertname, job: 'api', severity: 'critical' },
    commonAnnotations: {},
    externalURL: 'http://alertmanager.example.org:9093',
    alerts: events.map((e) => ({
      status: e.resolve ? 'resolved' : 'firing',
      labels: { alertname, instance: `${e.key}.example.org:8080`, job: 'api', severity: 'critical' },
      annotations: {
        summary: `p99 latency above 500 ms on ${e.key}`,
        description: 'The 5-minute p99 of request latency has been above 500 ms for 10 minutes.',
      },
      startsAt: '2025-03-04T10:15:30.123Z',
      endsAt: e.resolve ? '2025-03-04T10:45:30.123Z' : '0001-01-01T00:00:00Z',
      generatorURL: 'http://prometheus.example.org:9090/graph?g0.expr=histogram_quantile',
      fingerprint: e.key,
    })),
  };
}

/** Busy and total CPU time of the whole machine (Linux /proc/stat), in seconds. */
function machineCpu(): { busy: number; total: number } | undefined {
  try {
    const line = readFileSync('/proc/stat', 'utf8').split('\n')[0] ?? '';
    const [, ...fields] = line.trim().split(/\s+/);
    const n = fields.map(Number);
    const total = n.slice(0, 8).reduce((a, b) => a + b, 0);
    const idle = (n[3] ?? 0) + (n[4] ?? 0);
    return { busy: (total - idle) / 100, total: total / 100 };
  } catch {
    return undefined;
  }
}

export interface IngestLoadResult {
  requestsPerSec: number;
  alertsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  durationS: number;
  tally: Tally;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Cores used while measured: the server, PostgreSQL, this process (autocannon and the bodies), and everything else on the machine. */
  serverCores?: number;
  postgresCores?: number;
  benchCores?: number;
  otherCores?: number;
}

function run(url: string, connections: number, duration: number, traffic: IngestTraffic): Promise<autocannon.Result> {
  return autocannon({
    url,
    connections,
    duration,
    timeout: 10,
    requests: [
      {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        setupRequest: (request, context) => {
          const planned = traffic.plan();
          (context as { planned?: Planned }).planned = planned;
          return { ...request, body: planned.body };
        },
        onResponse: (status, _body, context) => {
          const planned = (context as { planned?: Planned }).planned;
          if (planned) traffic.record(planned, status);
        },
      },
    ],
  });
}

const round = (n: number, digits = 2) => Math.round(n * 10 ** digits) / 10 ** digits;

/** Warm-up, then one measured run; alerts/s counts the events of the 2xx answers. */
export async function runIngestLoad(options: {
  url: string;
  connections: number;
  duration: number;
  warmup: number;
  serverPid?: number;
  traffic: IngestTraffic;
}): Promise<IngestLoadResult> {
  const { traffic } = options;
  if (options.warmup > 0) await run(options.url, options.connections, options.warmup, traffic);
  traffic.reset();
  const before = cpuSnapshot(options.serverPid);
  const machineBefore = machineCpu();
  const selfBefore = process.cpuUsage();
  const result = await run(options.url, options.connections, options.duration, traffic);
  const self = process.cpuUsage(selfBefore);
  const machineAfter = machineCpu();
  const cores = coresBetween(before, cpuSnapshot(options.serverPid));
  const seconds = result.duration;
  const benchCores = (self.user + self.system) / 1e6 / seconds;
  const machineCores = machineBefore && machineAfter ? (machineAfter.busy - machineBefore.busy) / seconds : undefined;
  return {
    requestsPerSec: round(traffic.tally.requests / seconds, 0),
    alertsPerSec: round(traffic.tally.events / seconds, 0),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    maxMs: result.latency.max,
    durationS: seconds,
    tally: { ...traffic.tally },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    serverCores: cores.server,
    postgresCores: cores.postgres,
    benchCores: round(benchCores),
    otherCores:
      machineCores === undefined ? undefined : round(Math.max(0, machineCores - (cores.server ?? 0) - (cores.postgres ?? 0) - benchCores)),
  };
}
