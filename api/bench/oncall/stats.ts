/** Medians and percentiles of a benchmark's samples (ms unless said otherwise). */
export interface Distribution {
  count: number;
  median: number;
  p90: number;
  p99: number;
  min: number;
  max: number;
}

const quantile = (sorted: number[], q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;

export function distribution(samples: number[]): Distribution {
  const sorted = [...samples].sort((a, b) => a - b);
  const round = (n: number) => Math.round(n * 1000) / 1000;
  return {
    count: sorted.length,
    median: round(quantile(sorted, 0.5)),
    p90: round(quantile(sorted, 0.9)),
    p99: round(quantile(sorted, 0.99)),
    min: round(sorted[0] ?? Number.NaN),
    max: round(sorted.at(-1) ?? Number.NaN),
  };
}

/** Milliseconds `work` took. */
export function timed(work: () => void): number {
  const started = performance.now();
  work();
  return performance.now() - started;
}

/**
 * CPU milliseconds this process has used so far (user + system, all its threads). On a shared
 * machine wall time measures the neighbours too; CPU time is this process's own work (with
 * PGlite, the database's too: it runs in the process).
 */
export function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

export async function timedAsync<T>(work: () => Promise<T>): Promise<{ ms: number; cpuMs: number; result: T }> {
  const cpu = cpuMs();
  const started = performance.now();
  const result = await work();
  return { ms: performance.now() - started, cpuMs: cpuMs() - cpu, result };
}

export const fmt = (n: number | undefined, digits = 0) =>
  n === undefined || Number.isNaN(n) ? '-' : n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });

/** A markdown table, columns padded. */
export function markdownTable(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i] ?? 0)).join(' | ')} |`;
  return [line(head), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...rows.map(line)].join('\n');
}
