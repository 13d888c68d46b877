import { describe, expect, it } from 'vitest';
import { configArtifacts, configurationTables, envExampleBlock } from '../../scripts/configDocs.js';
import { parseConfig } from '../../src/config.js';
import { ALL_SETTINGS, type Env, SETTING_GROUPS } from '../../src/configSettings.js';

// Each setting is declared once (api/src/configSettings.ts); docs/configuration.md and
// deploy/env.example are made from the declarations, and drift fails here.
describe('configuration, declared once', () => {
  it('docs/configuration.md and deploy/env.example are what `npm run gen:config` makes', async () => {
    const { doc, env } = await configArtifacts();
    expect(doc.committed, 'docs/configuration.md is stale: run `npm run gen:config`').toBe(doc.fresh);
    expect(env.committed, 'deploy/env.example is stale: run `npm run gen:config`').toBe(env.fresh);
  });

  it('lists every setting once, with a meaning and a group, in the table and the example file as its use says', () => {
    const names = ALL_SETTINGS.map((s) => s.name);
    expect(new Set(names).size).toBe(names.length);
    const tables = configurationTables();
    const example = envExampleBlock();
    for (const setting of ALL_SETTINGS) {
      expect(setting.meaning.length, setting.name).toBeGreaterThan(5);
      expect(SETTING_GROUPS).toContain(setting.group);
      expect(tables).toContain(`| \`${setting.name}\``);
      const listed = new RegExp(`^${setting.name}=`, 'm').test(example);
      expect(listed, `${setting.name} in deploy/env.example`).toBe(['required', 'optional'].includes(setting.compose.kind));
    }
  });

  it('reads each declared setting: a value out of its bounds stops start-up naming it', () => {
    // Every declared whole number refuses text; the Config a changed setting makes differs.
    for (const setting of ALL_SETTINGS.filter((s) => s.bounds?.match(/^\d+ to \d+$/))) {
      const [min, max] = (setting.bounds as string).split(' to ').map(Number) as [number, number];
      expect(() => parseConfig({ [setting.name]: 'many' } as Env), setting.name).toThrow(`Invalid configuration: ${setting.name} `);
      if (max < Number.MAX_SAFE_INTEGER) expect(() => parseConfig({ [setting.name]: String(max + 1) } as Env)).toThrow(setting.name);
      const inside = String(min === 0 ? 1 : min);
      // INGEST_MAX_ALERTS_PER_BODY may not exceed the ingest limit's default; both move together here.
      // With a mail host, so that the SMTP settings are used.
      const base: Env = { SMTP_HOST: 'mail.example.com' };
      const env: Env = {
        ...base,
        [setting.name]: inside,
        ...(setting.name === 'RATE_LIMIT_INGEST_ALERTS_PER_MINUTE' && { INGEST_MAX_ALERTS_PER_BODY: '1' }),
      };
      expect(parseConfig(env), `${setting.name}=${inside} changes nothing`).not.toEqual(parseConfig(base));
    }
  });
});
