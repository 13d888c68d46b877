import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type GatewayStack, request, SHELL_PAGE, startGatewayStack, waitForLogLine } from './helpers/gatewayStack.js';
import { NGINX, type RunningNginx, startNginx } from './helpers/nginx.js';
import { readText } from './helpers/repo.js';

// Every nginx config we ship (the gateway's template, the shell's and the remotes' site
// configs), in Debian's nginx: a token in a page's query and an ingest key in a path, however
// spelled, never reach an access log.

const RESET_TOKEN = 'RESETtokenThatMustNotBeLogged-0123456789abcdef';
const LINK_TOKEN = '1.k0.bWU.LINKtokenThatMustNotBeLogged0123456789';
const INGEST_KEY = 'INGESTkeyThatMustNotBeLogged-0123456789abcdef';

describe.skipIf(!NGINX)('access logs', () => {
  let stack: GatewayStack;

  beforeAll(async () => {
    stack = await startGatewayStack({});
  }, 120_000);
  afterAll(async () => stack?.close());

  it("keep a reset link's token out of the gateway's log, and out of the shell's service altogether", async () => {
    const res = await request(`${stack.gateway.url}/reset-password?token=${RESET_TOKEN}`, { from: '127.0.0.1' });
    expect(res.status).toBe(200);
    expect(res.text).toContain(SHELL_PAGE);
    const log = await waitForLogLine(stack.gateway, 'GET /reset-password?[redacted] HTTP/1.1');
    expect(log).not.toContain(RESET_TOKEN);
    // The shell's page reads the token in the browser: its service gets the bare path.
    const shellLog = await waitForLogLine(stack.shell, '"GET /reset-password HTTP/1.1"');
    expect(shellLog).not.toContain(RESET_TOKEN);
  });

  it("keep a page's query out of the gateway's log whatever its parameters are called, and keep an API query", async () => {
    for (const query of [`TOKEN=${RESET_TOKEN}`, `%74oken=${RESET_TOKEN}`, `x=1&token=${RESET_TOKEN}`, `t=${LINK_TOKEN}`]) {
      await request(`${stack.gateway.url}/reset-password?${query}`, { from: '127.0.0.1' });
    }
    await request(`${stack.gateway.url}/api/v1/utils/health-check/?probe=kept`, { from: '127.0.0.1' });
    await request(`${stack.gateway.url}/api/v1/utils/health-check/?a=1&Token=${RESET_TOKEN}`, { from: '127.0.0.1' });
    const log = await waitForLogLine(stack.gateway, 'GET /api/v1/utils/health-check/?[redacted] HTTP/1.1');
    expect(log).toContain('GET /api/v1/utils/health-check/?probe=kept HTTP/1.1');
    expect(log).not.toContain(RESET_TOKEN);
    expect(log).not.toContain(LINK_TOKEN);
  });

  it("keep an ingest key out of the gateway's log in any case and any percent-encoding", async () => {
    const paths = [
      `/API/V1/INGEST/${INGEST_KEY}`,
      `/api/v1/Ingest/${INGEST_KEY}/alertmanager`,
      `/api/v1/%69ngest/${INGEST_KEY}`,
      `/api/v1/%2569%256Egest/${INGEST_KEY}`,
      `/api/v1/ingest%2F${INGEST_KEY}`,
    ];
    for (const pathname of paths) {
      await request(`${stack.gateway.url}${pathname}`, {
        from: '127.0.0.1',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
    }
    await request(`${stack.gateway.url}/api/v1/utils/health-check/?after=ingest`, { from: '127.0.0.1' });
    const log = await waitForLogLine(stack.gateway, 'after=ingest');
    expect(log).toContain('POST /API/V1/INGEST/[redacted] HTTP/1.1');
    expect(log).toContain('POST /api/v1/%69ngest/[redacted] HTTP/1.1');
    expect(log).not.toContain(INGEST_KEY);
  });

  it("keep an OnCall integration URL's token out of the gateway's log in any case and any percent-encoding", async () => {
    const token = 'ONCALLtokenThatMustNotBeLogged-0123456789abcdef';
    const paths = [
      `/integrations/v1/alertmanager/${token}/`,
      `/INTEGRATIONS/V1/webhook/${token}`,
      `/%69ntegrations/v1/formatted_webhook/${token}/`,
      `/integrations/v1/webhook%2F${token}/`,
      `/integrations%2Fv1/grafana_alerting/${token}/`,
    ];
    for (const pathname of paths) {
      await request(`${stack.gateway.url}${pathname}`, {
        from: '127.0.0.1',
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
    }
    await request(`${stack.gateway.url}/api/v1/utils/health-check/?after=oncall`, { from: '127.0.0.1' });
    const log = await waitForLogLine(stack.gateway, 'after=oncall');
    expect(log).toContain('POST /integrations/v1/alertmanager/[redacted]/ HTTP/1.1');
    expect(log).toContain('POST /INTEGRATIONS/V1/webhook/[redacted] HTTP/1.1');
    expect(log).not.toContain(token);
  });

  describe("the images' own site configs, reached directly", () => {
    let root: string;
    const sites: [string, RunningNginx][] = [];

    beforeAll(async () => {
      root = await mkdtemp(path.join(tmpdir(), 'vigil-logs-'));
      await mkdir(root, { recursive: true });
      await writeFile(path.join(root, 'index.html'), `<!doctype html><title>${SHELL_PAGE}</title>`);
      sites.push(['deploy/shell/nginx.conf', await startNginx(readText('deploy/shell/nginx.conf'), root)]);
      sites.push(['deploy/remote/nginx.conf', await startNginx(readText('deploy/remote/nginx.conf'), root)]);
    });
    afterAll(async () => {
      for (const [, server] of sites) await server.stop();
      if (root) await rm(root, { recursive: true, force: true });
    });

    it('keep every query out of their logs', async () => {
      for (const [file, server] of sites) {
        for (const pathname of [`/reset-password?token=${RESET_TOKEN}`, `/actions/42?t=${LINK_TOKEN}`, `/remotes/x?token=${RESET_TOKEN}`]) {
          await request(`${server.url}${pathname}`, { from: '127.0.0.1' });
        }
        await request(`${server.url}/last?probe=1`, { from: '127.0.0.1' });
        const log = await waitForLogLine(server, 'GET /last?[redacted] HTTP/1.1');
        expect(log, file).toContain('GET /reset-password?[redacted] HTTP/1.1');
        expect(log, file).not.toContain(RESET_TOKEN);
        expect(log, file).not.toContain(LINK_TOKEN);
      }
    });
  });
});
