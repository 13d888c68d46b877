#!/usr/bin/env node
// `npm start`: build what is missing, then run the product on one origin (default :8000).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';
import { consoleApps, ROOT as root } from './apps.ts';

const built = (app) => {
  if (app === 'api') return existsSync(path.join(root, 'api/dist/server.js'));
  if (app === 'shell') return existsSync(path.join(root, 'dist/shell/index.html'));
  const dir = path.join(root, 'dist', app);
  return existsSync(dir) && readdirSync(dir).some((v) => existsSync(path.join(dir, v, 'mf-manifest.json')));
};

const missing = ['api', ...consoleApps()].filter((app) => !built(app));
if (missing.length) {
  console.log(`Building ${missing.join(', ')} (first start)…`);
  const result = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), ...missing], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const server = spawn(process.execPath, [path.join(root, 'api/dist/server.js')], { cwd: root, stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
