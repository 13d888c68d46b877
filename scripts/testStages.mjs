// The stages of `npm test` (scripts/test.mjs), timed: each one's wall time and the CPU time its
// processes used, printed as a table at the end so a CI log shows where the minutes went.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';

const CLOCK_TICKS = 100;

/**
 * CPU seconds of this process's children that have ended (user + system, /proc/self/stat's
 * cutime and cstime: a child's count includes the children it waited for). Undefined off Linux.
 */
function childrenCpuSeconds() {
  try {
    const stat = readFileSync('/proc/self/stat', 'utf8');
    // Fields after the command's closing parenthesis; cutime and cstime are fields 16 and 17.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return (Number(fields[13]) + Number(fields[14])) / CLOCK_TICKS;
  } catch {
    return undefined;
  }
}

export class Stages {
  rows = [];
  started = Date.now();
  /** Children's CPU counted so far: each child's time is added to /proc/self/stat when it ends. */
  cpuSeen = childrenCpuSeconds();

  /**
   * Runs one command as a stage (output inherited) and resolves with its exit status. Stages
   * may overlap: each one's CPU is what the children's total grew by when its process ended.
   */
  run(name, command, args, options) {
    const startedAt = Date.now();
    return new Promise((resolve) => {
      const child = spawn(command, args, { stdio: 'inherit', ...options });
      child.on('error', (error) => {
        console.error(`${name}: ${error.message}`);
        this.#record(name, startedAt, 1);
        resolve(1);
      });
      child.on('exit', (code, signal) => {
        const status = code ?? (signal ? 1 : 0);
        this.#record(name, startedAt, status);
        resolve(status);
      });
    });
  }

  #record(name, startedAt, status) {
    const cpuNow = childrenCpuSeconds();
    const cpu = cpuNow === undefined || this.cpuSeen === undefined ? undefined : cpuNow - this.cpuSeen;
    this.cpuSeen = cpuNow;
    this.rows.push({ name, wall: (Date.now() - startedAt) / 1000, cpu, status });
  }

  /** The table: one line per stage, then the whole run's wall time. */
  summary() {
    const width = Math.max(...this.rows.map((r) => r.name.length), 5);
    const seconds = (s) => (s === undefined ? '    -' : `${s.toFixed(0).padStart(5)} s`);
    const lines = this.rows.map(
      (r) =>
        `  ${r.name.padEnd(width)}  wall ${seconds(r.wall)}  cpu ${seconds(r.cpu)}  ${r.status === 0 ? 'passed' : `FAILED (${r.status})`}`,
    );
    const cpuTotal = this.rows.every((r) => r.cpu !== undefined) ? this.rows.reduce((sum, r) => sum + r.cpu, 0) : undefined;
    lines.push(`  ${'total'.padEnd(width)}  wall ${seconds((Date.now() - this.started) / 1000)}  cpu ${seconds(cpuTotal)}`);
    return `\nTest stages (wall time; CPU time of the stage's processes, all cores):\n${lines.join('\n')}`;
  }
}
