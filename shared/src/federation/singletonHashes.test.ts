import { createHash } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { SHARED_SINGLETON_MODULES } from './singletonModules';

// A shared singleton loads once, from the shell: a remote built against changed code of it
// runs the shell's copy instead whenever the versions match. So its code may only change with
// a new `shared` version (the range every remote then requires, rsbuild.federation.ts). This
// test recomputes each singleton's fingerprint and compares it with the one recorded for the
// current version in singletonHashes.json (tracked): a change without a bump fails here.
const SHARED = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SRC = path.join(SHARED, 'src');
const RECORD = 'shared/src/federation/singletonHashes.json';

/** Relative imports that reach run time (not `import type` / `export type`). */
function runtimeImports(source: string): string[] {
  const specs: string[] = [];
  for (const m of source.matchAll(/^\s*(import|export)\s+(type\s+)?(?:[^'";]*?\sfrom\s+)?['"](\.[^'"]+)['"]/gm)) {
    if (!m[2]) specs.push(m[3]!);
  }
  for (const m of source.matchAll(/\bimport\(\s*['"](\.[^'"]+)['"]\s*\)/g)) specs.push(m[1]!);
  return specs;
}

function resolveLocal(from: string, spec: string): string {
  const base = path.resolve(path.dirname(from), spec.replace(/\.js$/, ''));
  const found = ['', '.ts', '.tsx', '/index.ts', '/index.tsx'].map((ext) => base + ext).find((f) => existsSync(f) && !f.endsWith('/'));
  if (!found) throw new Error(`${path.relative(SRC, from)} imports ${spec}, which does not resolve`);
  return found;
}

/** The files bundled into a singleton: the module and every local module it imports, transitively. */
function closure(entry: string): string[] {
  const seen = new Set<string>();
  const visit = (file: string) => {
    if (seen.has(file)) return;
    seen.add(file);
    for (const spec of runtimeImports(readFileSync(file, 'utf8'))) visit(resolveLocal(file, spec));
  };
  visit(entry);
  return [...seen].sort();
}

/**
 * A file as it reaches the bundle: TypeScript's own transpilation, without comments and types,
 * re-printed. So a comment, a type or the formatting may change without a version bump; code may not.
 */
const emitted = (file: string) =>
  ts.transpileModule(readFileSync(file, 'utf8'), {
    fileName: file,
    compilerOptions: { target: ts.ScriptTarget.ES2022, module: ts.ModuleKind.ESNext, jsx: ts.JsxEmit.ReactJSX, removeComments: true },
  }).outputText;

/** A singleton's fingerprint: sha-256 of what each file it bundles emits, by path. */
function fingerprint(module: string): string {
  const hash = createHash('sha256');
  for (const file of closure(path.join(SRC, module))) hash.update(`${path.relative(SRC, file)}\n${emitted(file)}\n`);
  return hash.digest('hex').slice(0, 16);
}

/** What the package says of itself that reaches the bundles: its entry points and its dependencies' ranges. */
function packageFingerprint(): string {
  const { exports, dependencies } = JSON.parse(readFileSync(path.join(SHARED, 'package.json'), 'utf8'));
  return createHash('sha256').update(JSON.stringify({ exports, dependencies })).digest('hex').slice(0, 16);
}

const current = (): Record<string, string> => ({
  ...Object.fromEntries(SHARED_SINGLETON_MODULES.map((m) => [m, fingerprint(m)])),
  'package.json': packageFingerprint(),
});

describe('shared singleton modules change only with a new shared version', () => {
  const version: string = JSON.parse(readFileSync(path.join(SHARED, 'package.json'), 'utf8')).version;
  const record: Record<string, Record<string, string>> = JSON.parse(readFileSync(path.join(SHARED, '..', RECORD), 'utf8'));
  const now = current();

  it(`has fingerprints recorded for shared ${version}`, () => {
    expect(
      record[version],
      `no fingerprints for shared ${version} in ${RECORD}: add\n"${version}": ${JSON.stringify(now, null, 2)}`,
    ).toBeDefined();
  });

  it.each(Object.keys(now))('%s is as recorded for this version', (module) => {
    const recorded = record[version]?.[module];
    expect(
      now[module],
      `${module} changed since shared ${version} was recorded. A remote built against it would run the console's ` +
        'older copy: bump "version" in shared/package.json (remotes then require it), and record the new version ' +
        `in ${RECORD}:\n"<new version>": ${JSON.stringify(now, null, 2)}`,
    ).toBe(recorded);
  });

  it('ignores comments and types, not code', () => {
    const a = ts.transpileModule('/** x */\nexport const f = (n: number): number => n + 1;', { compilerOptions: { removeComments: true } });
    const b = ts.transpileModule('export const f = (n: string) =>   n + 1; // y', { compilerOptions: { removeComments: true } });
    const c = ts.transpileModule('export const f = (n: number) => n + 2;', { compilerOptions: { removeComments: true } });
    expect(a.outputText).toBe(b.outputText);
    expect(c.outputText).not.toBe(a.outputText);
  });

  it('follows its own imports: a singleton includes the local modules it imports at run time', () => {
    expect(closure(path.join(SRC, 'api/api.ts')).map((f) => path.relative(SRC, f))).toEqual(
      expect.arrayContaining(['api/api.ts', 'api/client.ts', 'session/token.ts']),
    );
    expect(runtimeImports("import type { A } from './a';\nimport { b, type C } from './b';\nexport type { D } from './d';")).toEqual([
      './b',
    ]);
  });
});
