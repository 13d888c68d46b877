import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { packageOf, resolvedVersion, SHARED_SINGLETONS, sharedConfig } from '../../../rsbuild.federation';
import { consoleApps } from '../../../scripts/apps';

// The ranges each app's manifest declares come from what that app resolves, so the shell's
// compatibility check (compatibility.ts) compares what the bundles really contain.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const APPS = consoleApps(ROOT);
const installed = (pkg: string) => JSON.parse(readFileSync(path.join(ROOT, 'node_modules', pkg, 'package.json'), 'utf8')).version;

describe("each app's shared singletons", () => {
  it.each(APPS)('%s requires ^ of the version it resolves, for every singleton', (app) => {
    const shared = sharedConfig(path.join(ROOT, app));
    for (const name of SHARED_SINGLETONS) expect(shared[name]?.requiredVersion, name).toBe(`^${installed(packageOf(name))}`);
    expect(shared['react-router-dom']?.requiredVersion).toBe(`^${installed('react-router-dom')}`);
    const sharedVersion = JSON.parse(readFileSync(path.join(ROOT, 'shared/package.json'), 'utf8')).version;
    const modules = Object.values(shared).filter((s) => s.shareKey?.startsWith('@vigil/shared/'));
    expect(modules.length).toBeGreaterThan(0);
    for (const module of modules) expect(module).toMatchObject({ requiredVersion: `^${sharedVersion}`, version: sharedVersion });
  });

  it("finds the version of a package whose exports hide its package.json (shared's)", () => {
    expect(resolvedVersion(path.join(ROOT, 'shell'), '@vigil/shared')).toMatch(/^\d+\.\d+\.\d+/);
  });

  describe('an app with its own copy of a package', () => {
    // Inside the repository (in the ignored .scratch/) so the rest resolves from the workspace.
    mkdirSync(path.join(ROOT, '.scratch'), { recursive: true });
    const app = mkdtempSync(path.join(ROOT, '.scratch', 'federation-app-'));
    afterAll(() => rmSync(app, { recursive: true, force: true }));
    writeFileSync(path.join(app, 'package.json'), JSON.stringify({ name: 'remote-own-react', version: '1.0.0' }));
    const ownJotai = path.join(app, 'node_modules', 'jotai');
    mkdirSync(ownJotai, { recursive: true });
    writeFileSync(path.join(ownJotai, 'package.json'), JSON.stringify({ name: 'jotai', version: '2.99.1', main: 'index.js' }));
    writeFileSync(path.join(ownJotai, 'index.js'), 'module.exports = {};');

    it('requires the version of its own copy, not the workspace one', () => {
      const shared = sharedConfig(app);
      expect(shared.jotai?.requiredVersion).toBe('^2.99.1');
      expect(shared.react?.requiredVersion).toBe(`^${installed('react')}`);
    });
  });
});
