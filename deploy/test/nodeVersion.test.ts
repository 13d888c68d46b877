import { describe, expect, it } from 'vitest';
import { NODE_MAJOR, readText } from './helpers/repo.js';

// One supported Node.js line, named once in .nvmrc: the images build on it (compose.test.ts
// checks each Dockerfile's stages), CI installs it, package.json and the README promise it.
describe('the supported Node.js line (.nvmrc)', () => {
  it('is a long-term-support major (an even number)', () => {
    expect(NODE_MAJOR).toMatch(/^\d+$/);
    expect(Number(NODE_MAJOR) % 2).toBe(0);
  });

  it('is what CI runs: .ci/run reads .nvmrc and refuses any other major', () => {
    const run = readText('.ci/run');
    expect(run).toContain('.nvmrc');
    expect(run).toMatch(/npm install --prefix .* "node@\$\{?want/);
    expect(run).toMatch(/exit 1/);
    // The test command stays the README's.
    expect(run).toMatch(/^npm test$/m);
  });

  it("is admitted by the root package.json's engines, which leave out end-of-life Node 20", () => {
    const { engines } = JSON.parse(readText('package.json'));
    const minimum = /^>=(\d+)/.exec(engines.node);
    expect(minimum, `engines.node is ${engines.node}`).not.toBeNull();
    expect(Number(minimum![1])).toBeGreaterThan(20);
    expect(Number(minimum![1])).toBeLessThanOrEqual(Number(NODE_MAJOR));
  });

  it('is the version the README says is supported', () => {
    expect(readText('README.md')).toContain(`Node.js ${NODE_MAJOR}`);
  });

  it('is refused below the engines minimum: npm ci by engine-strict, the commands by one line of preflight', () => {
    expect(readText('.npmrc')).toMatch(/^engine-strict=true$/m);
    const { engines, scripts } = JSON.parse(readText('package.json'));
    const minimum = Number(/^>=(\d+)/.exec(engines.node)?.[1]);
    for (const command of ['start', 'test', 'dev']) expect(scripts[command]).toMatch(/^node scripts\/preflight\.cjs && /);
    const preflight = readText('scripts/preflight.cjs');
    const run = (version: string) => {
      const said: string[] = [];
      let code: number | undefined;
      const process = { version: `v${version}`, versions: { node: version }, exit: (c: number) => (code = c) };
      const require = (file: string) => (file === '../package.json' ? { engines } : undefined);
      new Function('process', 'console', 'require', preflight)(process, { error: (line: string) => said.push(line) }, require);
      return { said, code };
    };
    const old = run(`${minimum - 1}.9.0`);
    expect(old.code).toBe(1);
    expect(old.said).toEqual([expect.stringContaining(`Vigil needs Node.js ${minimum} or newer`)]);
    expect(old.said[0]).toContain(`this is v${minimum - 1}.9.0`);
    expect(old.said[0]).toContain('nvm install');
    expect(run(`${minimum}.0.0`)).toEqual({ said: [], code: undefined });
    expect(run(`${NODE_MAJOR}.1.0`)).toEqual({ said: [], code: undefined });
  });

  it('runs no dependency install script: each one there is denied in package.json, with the reason', () => {
    const pkg = JSON.parse(readText('package.json'));
    expect(pkg.allowScripts).toEqual({ argon2: false, esbuild: false });
    expect(pkg['//allowScripts']).toMatch(/argon2.*esbuild/s);
  });
});
