import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { API_LAYERS, layerOf, upwardImports } from './importLayers.ts';

let dir: string | undefined;
afterEach(() => {
  if (dir) rmSync(dir, { recursive: true, force: true });
  dir = undefined;
});

/** A src folder holding these files. */
function src(files: Record<string, string>): string {
  dir = mkdtempSync(path.join(tmpdir(), 'vigil-layers-'));
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  return dir;
}

describe('the API layers', () => {
  it('reports an import from a lower layer to a higher one, unexplained', () => {
    const root = src({ 'db/pool.ts': "import { closeAlert } from '../alerts/service.js';\n", 'alerts/service.ts': '' });
    expect(upwardImports(root, { 'db/pool.ts': ['alerts/service.ts'], 'alerts/service.ts': [] })).toEqual([
      { from: 'db/pool.ts', to: 'alerts/service.ts', explained: false },
    ]);
  });

  it('takes an "upward:" comment above the import, a long import included, as its reason', () => {
    const root = src({
      'notifications/delivery.ts':
        "import { x } from '../db/database.js';\n// upward: the reason\nimport {\n  a,\n  b,\n} from '../escalation/policy.js';\n",
      'escalation/policy.ts': '',
      'db/database.ts': '',
    });
    const graph = { 'notifications/delivery.ts': ['escalation/policy.ts', 'db/database.ts'] };
    expect(upwardImports(root, graph)).toEqual([{ from: 'notifications/delivery.ts', to: 'escalation/policy.ts', explained: true }]);
  });

  it('lets a module import its own layer and those below, and files outside src', () => {
    const root = src({ 'alerts/routes.ts': '', 'ingest/intake.ts': '' });
    const graph = { 'alerts/routes.ts': ['ingest/intake.ts', 'db/database.ts', 'config.ts', '../package.json'] };
    expect(upwardImports(root, graph)).toEqual([]);
  });

  it('knows every folder of api/src, and refuses one in no layer', () => {
    expect(layerOf('config.ts')).toBe(0);
    expect(layerOf('app.ts')).toBe(API_LAYERS.length - 1);
    expect(layerOf('notifications/delivery.ts')).toBeLessThan(layerOf('contacts/confirmation.ts'));
    expect(() => layerOf('reports/service.ts')).toThrow('its folder "reports" is in no layer of scripts/importLayers.ts');
  });
});
