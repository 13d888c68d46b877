#!/usr/bin/env node
// No value import cycle in the API or any console app: a cycle makes a module's
// exports `undefined` at load time depending on which file is imported first. Type-only
// imports are erased by the compiler, so they do not count.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import madge from 'madge';
import { consoleApps, ROOT as root } from './apps.ts';
import { upwardImports } from './importLayers.ts';

const APPS = ['api', 'shared', ...consoleApps()];
const typeImportsSkipped = { skipTypeImports: true };

let cycles = 0;
let upwardCount = 0;
for (const app of APPS) {
  const result = await madge(path.join(root, app, 'src'), {
    fileExtensions: ['ts', 'tsx'],
    // The API imports `./x.js` for `./x.ts` (NodeNext): its tsconfig tells madge so.
    tsConfig: path.join(root, app, 'tsconfig.json'),
    detectiveOptions: { ts: typeImportsSkipped, tsx: typeImportsSkipped, es6: typeImportsSkipped },
  });
  for (const cycle of result.circular()) {
    cycles++;
    console.error(`Import cycle in ${app}/src: ${[...cycle, cycle[0]].join(' → ')}`);
  }
  // The API's layers (scripts/importLayers.ts): an upward import must say why.
  if (app === 'api') {
    const upward = upwardImports(path.join(root, 'api/src'), result.obj());
    for (const { from, to } of upward.filter((found) => !found.explained)) {
      cycles++;
      console.error(
        `api/src/${from} imports api/src/${to}, a higher layer (scripts/importLayers.ts): invert it, or say why in a "// upward: …" comment above the import.`,
      );
    }
    upwardCount = upward.length;
  }
}
// The composition root composes: a feature that imports it (even a type) depends on every other
// feature through it. Only the server's entry point and the tests build the app.
const ROOT_IMPORT = /from\s+['"](\.\.?\/)+app\.js['"]/;
// Nor does a feature reach a bag of everything hung on the app (`app.deps`, `request.server.deps`):
// each plugin is given what it uses as its options, typed by the feature itself.
const APP_WIDE_BAG = /\b(?:app|api|root|scope|server|instance|fastify)\.deps\b|decorate\(\s*['"]deps['"]/;

for (const entry of readdirSync(path.join(root, 'api/src'), { recursive: true, withFileTypes: true })) {
  if (!entry.isFile() || !entry.name.endsWith('.ts')) continue;
  const file = path.join(entry.parentPath, entry.name);
  const relative = path.relative(path.join(root, 'api/src'), file);
  const source = readFileSync(file, 'utf8');
  if (APP_WIDE_BAG.test(source)) {
    cycles++;
    console.error(`api/src/${relative} reaches app-wide deps: register its plugin with what it uses as options instead.`);
  }
  if (relative === 'server.ts' || relative === 'app.ts') continue;
  if (ROOT_IMPORT.test(source)) {
    cycles++;
    console.error(`api/src/${relative} imports the composition root (app.ts): give it what it uses instead.`);
  }
}
if (cycles) process.exit(1);
console.log(`No import cycle in ${APPS.map((app) => `${app}/src`).join(', ')}; ${upwardCount} upward imports in api/src, each explained.`);
