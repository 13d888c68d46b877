import { describe, expect, it } from 'vitest';
import { alertmanagerExample, curlExample } from './integrationIngest';

const URL = 'https://vigil.example.com/api/v1/ingest/abc123';

describe('ingest examples', () => {
  it('fills the curl call with the ingest URL', () => {
    const text = curlExample(URL);
    expect(text.split('\n')[0]).toBe(`curl -X POST '${URL}' \\`);
    expect(text).toContain("-H 'Content-Type: application/json'");
    expect(JSON.parse(text.slice(text.indexOf("-d '") + 4, -1))).toMatchObject({ action: 'trigger', title: expect.any(String) });
  });

  it('puts the ingest URL into an Alertmanager webhook_configs receiver', () => {
    const lines = alertmanagerExample(URL).split('\n');
    expect(lines).toContain('    webhook_configs:');
    expect(lines).toContain(`      - url: '${URL}'`);
  });
});
