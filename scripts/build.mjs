#!/usr/bin/env node
// `npm run build`: the API (tsc) and every console app (Rsbuild; scripts/apps.ts lists them), each on
// its own, two at a time.
// remote-actions' one build makes both its federated remote and its standalone public page
// (dist/remote-actions/<version>/page/, two Rsbuild environments: docs/console/action-pages.md).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { consoleApps, ROOT as root } from './apps.ts';

// `npm run build -- <app>…` builds those; `--console` every console app (`npm run build:console`).
const wanted = process.argv.slice(2);
const targets = wanted.length === 0 ? ['api', ...consoleApps()] : wanted[0] === '--console' ? consoleApps() : wanted;

const build = (app) =>
  new Promise((resolve, reject) => {
    const args = app === 'api' ? ['run', 'build', '-w', 'api'] : ['exec', '--', 'rsbuild', 'build'];
    const child = spawn('npm', args, { cwd: app === 'api' ? root : path.join(root, app), stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    child.on('exit', (code) => (code === 0 ? resolve(app) : reject(new Error(`${app} build failed:\n${output}`))));
  });

const queue = [...targets];
const started = Date.now();
async function worker() {
  for (let app = queue.shift(); app; app = queue.shift()) {
    await build(app);
    console.log(`built ${app}`);
  }
}
try {
  await Promise.all([worker(), worker()]);
  console.log(`build done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
} catch (error) {
  console.error(error.message);
  process.exit(1);
}
