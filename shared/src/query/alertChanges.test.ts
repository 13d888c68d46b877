import { describe, expect, it } from 'vitest';
import { followAlertChanges } from './alertChanges';

const streamOf = (text: string) =>
  new Response(new Blob([text]).stream(), { status: 200, headers: { 'content-type': 'text/event-stream' } });

describe('followAlertChanges', () => {
  it('sends the bearer header, reports ready and alerts-changed, and reconnects after a drop', async () => {
    const controller = new AbortController();
    const requests: { url: string; headers: Headers }[] = [];
    let changes = 0;
    await followAlertChanges({
      signal: controller.signal,
      getToken: () => 'secret-token',
      retryMs: [0],
      fetch: async (url, init) => {
        requests.push({ url: String(url), headers: new Headers(init?.headers) });
        if (requests.length === 2) controller.abort();
        return streamOf('event: ready\ndata: {}\n\n: ping\n\nevent: alerts-changed\ndata: {}\n\n');
      },
      onChange: () => changes++,
    });
    expect(requests).toHaveLength(2);
    expect(requests[0]?.url).toBe('/api/v1/alert/changes');
    expect(requests[0]?.url).not.toContain('secret-token');
    expect(requests[0]?.headers.get('authorization')).toBe('Bearer secret-token');
    expect(changes).toBeGreaterThanOrEqual(2);
  });

  it('ends the session on 401 and stops', async () => {
    let ended = 0;
    let calls = 0;
    await followAlertChanges({
      signal: new AbortController().signal,
      getToken: () => 'voided',
      fetch: async () => {
        calls++;
        return new Response('{"detail":"Could not validate credentials"}', { status: 401 });
      },
      onUnauthorized: (sent) => {
        expect(sent).toBe('voided');
        ended++;
      },
      onChange: () => {},
    });
    expect({ calls, ended }).toEqual({ calls: 1, ended: 1 });
  });
});
