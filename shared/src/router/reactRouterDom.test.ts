/// <reference types="node" />
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { consoleApps } from '../../../scripts/apps';
import * as facade from './reactRouterDom';

// In the browser every app's `import … from 'react-router-dom'` gets ./reactRouterDom.ts (a
// curated, shared module: see rsbuild.federation.ts). A name it lacks would be `undefined` at run
// time, with no build error: this test reads every app's source and catches it here.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const APPS = ['shared', ...consoleApps(ROOT)];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) && !entry.name.endsWith('.d.ts') ? [full] : [];
  });
}

/** Value names imported from 'react-router-dom' (types are erased, so they do not count). */
function routerImports(source: string): string[] {
  const names: string[] = [];
  for (const [, clause] of source.matchAll(/import\s+(?!type\b)\{([^}]*)\}\s*from\s*['"]react-router-dom['"]/g)) {
    for (const part of clause!.split(',')) {
      const name = part.trim().split(/\s+as\s+/)[0]!;
      if (name && !name.startsWith('type ')) names.push(name);
    }
  }
  return names;
}

describe("the shared 'react-router-dom' module", () => {
  it('exports every router name an app imports', () => {
    const missing: string[] = [];
    for (const app of APPS) {
      for (const file of sourceFiles(path.join(ROOT, app, 'src')).filter((f) => !f.endsWith('reactRouterDom.ts'))) {
        const source = readFileSync(file, 'utf8');
        for (const name of routerImports(source)) {
          if (!(name in facade)) missing.push(`${path.relative(ROOT, file)}: ${name}`);
        }
        // A default or namespace import would also bypass the list.
        expect(source, `${path.relative(ROOT, file)} imports react-router-dom by name`).not.toMatch(
          /import\s+(\*\s+as\s+\w+|\w+)\s+from\s*['"]react-router-dom['"]/,
        );
        // Importing 'react-router' directly would load a second router, with its own context.
        expect(source, `${path.relative(ROOT, file)} imports from react-router-dom, not react-router`).not.toMatch(
          /from\s*['"]react-router(\/[^'"]*)?['"]/,
        );
      }
    }
    expect(missing).toEqual([]);
  });

  it('finds the imports it checks', () => {
    expect(routerImports("import { Link, type To, useParams as params } from 'react-router-dom';")).toEqual(['Link', 'useParams']);
    expect(routerImports("import type { To } from 'react-router-dom';")).toEqual([]);
  });
});
