import autocannon from 'autocannon';
import { coresBetween, cpuSnapshot } from './cpu.js';

export interface LoadOptions {
  url: string;
  connections: number;
  /** Seconds of measured load. */
  duration: number;
  /** Seconds of unmeasured load first: JIT, pools and caches warm, as in steady service. */
  warmup?: number;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** The server's process id, to report the CPU it used while measured. */
  pid?: number;
}

export interface LoadResult {
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  durationS: number;
  /** Cores used while measured by the server process and by all of PostgreSQL (Linux only). */
  serverCores?: number;
  postgresCores?: number;
}

function run(options: LoadOptions, duration: number): Promise<autocannon.Result> {
  return autocannon({
    url: options.url,
    connections: options.connections,
    duration,
    method: options.method ?? 'GET',
    headers: options.headers,
    body: options.body,
    // Bounded: a stalled server cannot hold the run past duration + timeout.
    timeout: 10,
  });
}

/** Warm-up, then one measured autocannon run; the figures that matter, without its tables. */
export async function runLoad(options: LoadOptions): Promise<LoadResult> {
  if (options.warmup && options.warmup > 0) await run(options, options.warmup);
  const before = cpuSnapshot(options.pid);
  const result = await run(options, options.duration);
  const cores = coresBetween(before, cpuSnapshot(options.pid));
  return {
    // Mean of autocannon's per-second samples, the "Req/Sec avg" it prints itself.
    requestsPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    requests: result.requests.total,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    durationS: result.duration,
    serverCores: cores.server,
    postgresCores: cores.postgres,
  };
}
