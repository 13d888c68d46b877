import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { eventually } from './eventually.js';

/** Prometheus Alertmanager from Debian (`apt-get install prometheus-alertmanager`); the suites that need it skip without it. */
export const ALERTMANAGER = ['/usr/bin/prometheus-alertmanager', '/usr/bin/alertmanager'].find((bin) => existsSync(bin));

/** A port free now (Alertmanager binds its own; nothing else is given one in between, in practice). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export interface AlertmanagerAlert {
  labels: Record<string, string>;
  annotations?: Record<string, string>;
  /** Set in the past to resolve the alert. */
  endsAt?: string;
}

export interface RunningAlertmanager {
  url: string;
  /** What Alertmanager logged: its notifiers' errors say why a notification failed. */
  log(): string;
  /** Alerts as Prometheus posts them (`POST /api/v2/alerts`). */
  push(alerts: AlertmanagerAlert[]): Promise<void>;
  close(): Promise<void>;
}

/**
 * The real Alertmanager binary with `config` (YAML), no cluster, its data in a temporary folder.
 * Answers once it is ready to take alerts.
 */
export async function startAlertmanager(config: string): Promise<RunningAlertmanager> {
  if (!ALERTMANAGER) throw new Error('prometheus-alertmanager is not installed');
  const dir = mkdtempSync(path.join(tmpdir(), 'vigil-am-'));
  writeFileSync(path.join(dir, 'alertmanager.yml'), config);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const args = [
    `--config.file=${path.join(dir, 'alertmanager.yml')}`,
    `--storage.path=${dir}`,
    `--web.listen-address=127.0.0.1:${port}`,
    '--cluster.listen-address=',
    '--log.level=debug',
  ];
  const child: ChildProcess = spawn(ALERTMANAGER, args, { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const close = async () => {
    if (child.exitCode === null) child.kill('SIGTERM');
    await exited;
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    await eventually(
      async () => {
        if (child.exitCode !== null) throw new Error(`alertmanager exited: ${output}`);
        return fetch(`${url}/-/ready`)
          .then((res) => res.ok)
          .catch(() => false);
      },
      'Alertmanager ready',
      20_000,
    );
  } catch (error) {
    await close();
    throw error;
  }
  return {
    url,
    log: () => output,
    async push(alerts) {
      const res = await fetch(`${url}/api/v2/alerts`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(alerts),
      });
      if (!res.ok) throw new Error(`Alertmanager refused the alerts: ${res.status} ${await res.text()}`);
    },
    close,
  };
}

/** The app on a real port of 127.0.0.1, where an outside sender (Alertmanager) can reach it. */
export async function serveOnPort(app: FastifyInstance): Promise<{ url: string; close(): Promise<void> }> {
  const server = http.createServer((req, res) => app.routing(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
