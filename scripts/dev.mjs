#!/usr/bin/env node
// `npm run dev`: the API (reloading on change) on :8000 and every console app (scripts/apps.ts) as
// an Rsbuild dev server with hot reload: open http://localhost:3000 (the shell proxies /api, and
// the public action pages /actions/:id, /acknowledge/:id, … and /contacts/confirm to
// remote-actions' dev server, which serves them as the standalone page they are in production).
//
// `npm run dev -- shell remote-settings` starts only those apps (and the API). VIGIL_DEV_PORT
// moves the shell (each remote takes the port after it in name order: devPorts), VIGIL_DEV_API_PORT
// the API, and DATA_DIR its database (default ./.data): e2e/dev.spec.ts runs a second set this way.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { consoleApps, devPorts, ROOT as root } from './apps.ts';

// The remotes, then the shell.
const APPS = [...consoleApps().slice(1), 'shell'];
const wanted = process.argv.slice(2);
const unknown = wanted.filter((app) => !APPS.includes(app));
if (unknown.length) {
  console.error(`Unknown app ${unknown.join(', ')}: choose among ${APPS.join(', ')}.`);
  process.exit(2);
}
const apps = wanted.length ? APPS.filter((app) => wanted.includes(app)) : APPS;
const shellPort = process.env.VIGIL_DEV_PORT || '3000';
const apiPort = process.env.VIGIL_DEV_API_PORT || '8000';
const children = [];

function start(name, command, args, cwd, env = {}) {
  // Each in its own process group, so stopping also stops what npx started.
  const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'], detached: true });
  const prefix = `[${name}]`.padEnd(22);
  for (const stream of [child.stdout, child.stderr]) {
    stream.on('data', (chunk) => {
      for (const line of chunk.toString().split('\n')) if (line.trim()) process.stdout.write(`${prefix} ${line}\n`);
    });
  }
  child.on('exit', (code) => console.log(`${prefix} exited (${code})`));
  children.push(child);
}

start('api', 'npx', ['tsx', 'watch', 'src/server.ts'], path.join(root, 'api'), {
  PORT: apiPort,
  CONSOLE_DIR: 'none',
  FRONTEND_HOST: `http://localhost:${shellPort}`,
  DATA_DIR: process.env.DATA_DIR || path.join(root, '.data'),
  // A webhook receiver on this machine (localhost) is what development tries contact methods with.
  CONTACT_METHODS_ALLOW_PRIVATE_NETWORKS: process.env.CONTACT_METHODS_ALLOW_PRIVATE_NETWORKS || 'true',
});
for (const app of apps) start(app, 'npx', ['rsbuild', 'dev'], path.join(root, app));
const ports = devPorts(Number(shellPort));
console.log(`Vigil dev: open http://localhost:${shellPort} (API on :${apiPort}; ${apps.map((app) => `${app} :${ports[app]}`).join(', ')})`);

const stop = () => {
  for (const child of children) {
    try {
      process.kill(-child.pid, 'SIGTERM');
    } catch {
      // Already gone.
    }
  }
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
