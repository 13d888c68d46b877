#!/usr/bin/env node
// `npm run release -- <remote> <version>`: makes a built version of a remote the live one, on
// the running server (the API reads dist/remote-version-pins.json on every request: no rebuild, no restart).
// `npm run release -- --list`: every remote's built, pinned and live versions.
// Acts on CONSOLE_DIR, the folder the API serves (default dist/), like the API does.
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = path.dirname(path.dirname(fileURLToPath(import.meta.url)));
const USAGE = `Usage:
  npm run release -- <remote> <version>   make a built version live (e.g. npm run release -- alerts 1.4.0)
  npm run release -- --list               show each remote's built and live versions`;

const fail = (message, code = 1) => {
  console.error(message);
  process.exit(code);
};

// The one implementation of the map the API serves, as the API runs it.
const library = path.join(root, 'api/dist/console/remotesMap.js');
if (!existsSync(library)) fail('The API is not built: run npm run build -w api (or npm run build) first.');
const { ReleaseError, PinsError, releaseRemote, remotesStatus } = await import(pathToFileURL(library).href);

const consoleDir = path.resolve(
  process.env.CONSOLE_DIR && process.env.CONSOLE_DIR !== 'none' ? process.env.CONSOLE_DIR : path.join(root, 'dist'),
);
const args = process.argv.slice(2);

async function list() {
  const rows = (await remotesStatus(consoleDir)).map((s) => [
    s.dir,
    s.live ?? '–',
    s.pinned ? (s.built.includes(s.pinned) ? s.pinned : `${s.pinned} (not built)`) : 'newest build',
    s.built.join(', ') || 'none',
  ]);
  if (!rows.length) fail(`No built remote in ${consoleDir}: run npm run build.`);
  const table = [['remote', 'live', 'released', 'built'], ...rows];
  const widths = table[0].map((_, i) => Math.max(...table.map((row) => row[i].length)));
  console.log(`Remotes in ${consoleDir}:`);
  for (const row of table)
    console.log(
      row
        .map((cell, i) => cell.padEnd(widths[i]))
        .join('  ')
        .trimEnd(),
    );
}

async function release(remote, version) {
  const { dir, from, to } = await releaseRemote(consoleDir, remote, version);
  if (from === to) console.log(`${dir} ${to} was already live; it is now released (later builds will not replace it).`);
  else console.log(`${dir}: ${from ?? 'none'} → ${to}`);
  console.log('Open consoles load it on their next navigation to it, or on reload.');
}

try {
  if (args.length === 1 && (args[0] === '--help' || args[0] === '-h')) console.log(USAGE);
  else if (args.length === 1 && args[0] === '--list') await list();
  else if (args.length === 2 && !args.some((a) => a.startsWith('-'))) await release(args[0], args[1]);
  else fail(USAGE, 2);
} catch (error) {
  if (error instanceof ReleaseError || error instanceof PinsError) fail(error.message);
  throw error;
}
