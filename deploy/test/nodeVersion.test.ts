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
});
