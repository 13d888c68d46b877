#!/usr/bin/env node
// `npm run typecheck`: tsc --noEmit for every workspace that has a tsconfig.json.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ROOT as root, workspaceFolders } from './apps.ts';

let failed = false;
// deploy/ (the compose and gateway tests) and scripts/ (their TypeScript modules) are not
// workspaces: typechecked all the same.
for (const ws of [...workspaceFolders(), 'deploy', 'scripts']) {
  if (!existsSync(path.join(root, ws, 'tsconfig.json'))) continue;
  const result = spawnSync('npx', ['tsc', '-p', ws, '--noEmit'], { cwd: root, stdio: 'inherit' });
  console.log(`${result.status === 0 ? 'ok  ' : 'FAIL'} ${ws}`);
  failed ||= result.status !== 0;
}
process.exit(failed ? 1 : 0);
