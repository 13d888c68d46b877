/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { SHARED_SINGLETON_MODULES, singletonShareKey } from './singletonModules';

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Top-level declarations that make a module stateful: two copies of it would disagree. */
const STATEFUL = [
  { what: 'a React context', pattern: /\bcreateContext\s*[<(]/ },
  { what: 'a jotai atom', pattern: /^(export\s+)?const\s+\w+\s*=\s*atom\w*\s*[<(]/m },
  { what: 'a class (instanceof across apps)', pattern: /^(export\s+)?(abstract\s+)?class\s/m },
  { what: 'a module-level variable', pattern: /^(export\s+)?(let|var)\s/m },
  { what: 'a module-level instance', pattern: /^(export\s+)?const\s+\w+\s*(:[^=]+)?=\s*(new\s+\w+|create\w*(Client|Store)\s*\()/m },
];

describe('shared singleton modules', () => {
  it('lists every stateful module of @vigil/shared', () => {
    const unlisted: string[] = [];
    for (const file of sourceFiles(SRC)) {
      const relative = path.relative(SRC, file).split(path.sep).join('/');
      const source = readFileSync(file, 'utf8');
      for (const { what, pattern } of STATEFUL) {
        if (pattern.test(source) && !(SHARED_SINGLETON_MODULES as readonly string[]).includes(relative))
          unlisted.push(`${relative}: ${what}`);
      }
    }
    expect(unlisted, 'add these to SHARED_SINGLETON_MODULES (shared/src/federation/singletonModules.ts)').toEqual([]);
  });

  it('lists files that exist, each with its own share key', () => {
    const files = sourceFiles(SRC).map((f) => path.relative(SRC, f).split(path.sep).join('/'));
    for (const module of SHARED_SINGLETON_MODULES) expect(files).toContain(module);
    expect(new Set(SHARED_SINGLETON_MODULES.map(singletonShareKey)).size).toBe(SHARED_SINGLETON_MODULES.length);
    expect(singletonShareKey('api/api.ts')).toBe('@vigil/shared/api/api');
  });
});
