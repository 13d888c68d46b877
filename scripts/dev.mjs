#!/usr/bin/env node
// `npm run dev`: the API (reloading on change) on :8000 and every console app as an Rsbuild
// dev server with hot reload: open http://localhost:3000 (the shell proxies /api, and the public
// action pages /actions/:id, /acknowledge/:id, … to remote-actions' dev server on :3005, which
// serves them as the standalone page they are in production).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const apps = ['remote-alerts', 'remote-integrations', 'remote-admin', 'remote-settings', 'remote-actions', 'shell'];
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
  PORT: '8000',
  CONSOLE_DIR: 'none',
  FRONTEND_HOST: 'http://localhost:3000',
  DATA_DIR: path.join(root, '.data'),
});
for (const app of apps) start(app, 'npx', ['rsbuild', 'dev'], path.join(root, app));
console.log('Vigil dev: open http://localhost:3000 (API on :8000)');

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
