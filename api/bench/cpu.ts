import { readdirSync, readFileSync } from 'node:fs';

/**
 * CPU time from /proc (Linux; undefined elsewhere). Sampled around a measured run it tells
 * which side was the bottleneck: the Node server process, or PostgreSQL.
 */
const TICKS_PER_SECOND = 100;

function stat(pid: string): { comm: string; seconds: number } | undefined {
  try {
    const text = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const close = text.lastIndexOf(')');
    // utime and stime: fields 14 and 15 of stat, i.e. 11 and 12 after "pid (comm)".
    const fields = text.slice(close + 2).split(' ');
    return { comm: text.slice(text.indexOf('(') + 1, close), seconds: (Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND };
  } catch {
    return undefined;
  }
}

export interface CpuSnapshot {
  at: number;
  server?: number;
  /** Per PostgreSQL process (backends come and go), CPU seconds. */
  postgres: Map<string, number>;
}

export function cpuSnapshot(pid: number | undefined): CpuSnapshot {
  const postgres = new Map<string, number>();
  try {
    for (const entry of readdirSync('/proc')) {
      if (!/^\d+$/.test(entry)) continue;
      const s = stat(entry);
      if (s?.comm === 'postgres') postgres.set(entry, s.seconds);
    }
  } catch {
    // Not Linux: no figures.
  }
  return { at: performance.now(), server: pid === undefined ? undefined : stat(String(pid))?.seconds, postgres };
}

/** Cores used between two snapshots by the server process and by PostgreSQL (2 decimals). */
export function coresBetween(before: CpuSnapshot, after: CpuSnapshot): { server?: number; postgres?: number } {
  const seconds = (after.at - before.at) / 1000;
  const round = (cpu: number) => Math.round((cpu / seconds) * 100) / 100;
  let postgres = 0;
  for (const [pid, used] of after.postgres) postgres += used - (before.postgres.get(pid) ?? 0);
  return {
    server: before.server !== undefined && after.server !== undefined ? round(after.server - before.server) : undefined,
    postgres: after.postgres.size > 0 ? round(postgres) : undefined,
  };
}
