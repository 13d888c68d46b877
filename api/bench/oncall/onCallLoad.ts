import path from 'node:path';
import { fileURLToPath } from 'node:url';
import autocannon from 'autocannon';
import { forkServer } from '../children.js';
import { coresBetween, cpuSnapshot } from '../cpu.js';
import { BENCH_ADMIN } from './benchApp.js';

/**
 * GET /schedules/{id}/on-call under load: the real server in its own process (bench/servers/
 * vigilServer.ts, as bench:api runs it) on the schema the in-process part stored, autocannon
 * cycling over the `many` ids, then over the `few`, in alternating pairs.
 */
const here = path.dirname(fileURLToPath(import.meta.url));

export interface LoadRun {
  schedules: number;
  requestsPerSec: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  serverCores?: number;
  postgresCores?: number;
}

export interface OnCallLoad {
  connections: number;
  durationS: number;
  pairs: { many: LoadRun; few: LoadRun; ratio: number }[];
  /** The median pair's ratio of req/s, many / few. */
  medianRatio: number;
}

function run(url: string, token: string, ids: string[], connections: number, duration: number): Promise<autocannon.Result> {
  let next = 0;
  return autocannon({
    url,
    connections,
    duration,
    timeout: 10,
    headers: { authorization: `Bearer ${token}` },
    requests: [
      {
        method: 'GET',
        setupRequest: (request) => {
          next = (next + 1) % ids.length;
          return { ...request, path: `/api/v1/schedules/${ids[next]}/on-call` };
        },
      },
    ],
  });
}

async function measured(url: string, token: string, ids: string[], connections: number, duration: number, pid?: number): Promise<LoadRun> {
  const before = cpuSnapshot(pid);
  const result = await run(url, token, ids, connections, duration);
  const cores = coresBetween(before, cpuSnapshot(pid));
  return {
    schedules: ids.length,
    requestsPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    non2xx: result.non2xx + result.errors + result.timeouts,
    serverCores: cores.server,
    postgresCores: cores.postgres,
  };
}

export async function onCallLoad(
  database: { url: string; schema: string },
  { many, few, connections, duration, pairs }: { many: string[]; few: string[]; connections: number; duration: number; pairs: number },
): Promise<OnCallLoad> {
  const server = await forkServer(path.join(here, '..', 'servers', 'vigilServer.ts'), {
    NODE_ENV: 'production',
    BENCH_DATABASE_URL: database.url,
    BENCH_SCHEMA: database.schema,
    BENCH_SECRET_KEY: 'vigil-oncall-benchmark-secret-key-0123456789',
    BENCH_SUPERUSER_PASSWORD: BENCH_ADMIN.password,
  });
  try {
    const origin = `http://127.0.0.1:${server.port}`;
    const login = await fetch(`${origin}/api/v1/login/access-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: BENCH_ADMIN.email, password: BENCH_ADMIN.password }),
    });
    if (!login.ok) throw new Error(`load: login ${login.status} ${await login.text()}`);
    const token = ((await login.json()) as { access_token: string }).access_token;
    await run(origin, token, many, connections, 2); // warm-up
    const results: OnCallLoad['pairs'] = [];
    for (let p = 0; p < pairs; p++) {
      const order = p % 2 === 0 ? (['many', 'few'] as const) : (['few', 'many'] as const);
      const pair: Partial<Record<'many' | 'few', LoadRun>> = {};
      for (const which of order) {
        pair[which] = await measured(origin, token, which === 'many' ? many : few, connections, duration, server.child.pid);
      }
      const m = pair.many as LoadRun;
      const f = pair.few as LoadRun;
      results.push({ many: m, few: f, ratio: Math.round((m.requestsPerSec / Math.max(1, f.requestsPerSec)) * 1000) / 1000 });
    }
    const ratios = results.map((r) => r.ratio).sort((a, b) => a - b);
    return { connections, durationS: duration, pairs: results, medianRatio: ratios[Math.floor(ratios.length / 2)] ?? Number.NaN };
  } finally {
    await server.stop();
  }
}
