import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import http from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../api/src/app.js';
import { parseConfig } from '../../../api/src/config.js';
import { type OpenDb, openDatabase } from '../../../api/src/db/database.js';
import { type RunningNginx, startNginx } from './nginx.js';
import { type RemoteSites, startRemoteSites } from './remoteSites.js';
import { GATEWAY_TEMPLATE, readText, renderTemplate } from './repo.js';

export const ADMIN = { email: 'admin@example.com', password: 'gateway-admin-1' };
/** The page the shell's site serves for every console route. */
export const SHELL_PAGE = 'vigil-shell-page';

/**
 * The real API (embedded database) behind the gateway's real template, with the shell's real
 * site config in front of a one-page site, and the remotes' site config in front of the
 * remote sites given (`remotes`: remote → its container's folder; other remotes do not exist).
 * Everything listens on 127.0.0.1, so the gateway reaches the API from 127.0.0.1: the
 * address `apiEnv.TRUST_PROXY` names when the API believes the gateway.
 */
export interface GatewayStack {
  api: FastifyInstance;
  apiUrl: string;
  shell: RunningNginx;
  remotes: RemoteSites;
  gateway: RunningNginx;
  /** Another gateway on the same API and shell, its template variables changed. */
  startGateway(overrides: Record<string, string>): Promise<RunningNginx>;
  close(): Promise<void>;
}

export async function startGatewayStack(apiEnv: Record<string, string>, remoteSites: Record<string, string> = {}): Promise<GatewayStack> {
  const root = await mkdtemp(path.join(tmpdir(), 'vigil-stack-'));
  const servers: RunningNginx[] = [];
  let db: OpenDb | undefined;
  let api: FastifyInstance | undefined;
  let remotes: RemoteSites | undefined;
  const close = async () => {
    for (const server of servers) await server.stop();
    await remotes?.stop();
    await api?.close();
    await db?.destroy();
    await rm(root, { recursive: true, force: true });
  };
  try {
    db = await openDatabase({ kind: 'pglite' });
    const config = parseConfig({ CONSOLE_DIR: 'none', FIRST_SUPERUSER: ADMIN.email, FIRST_SUPERUSER_PASSWORD: ADMIN.password, ...apiEnv });
    api = await buildApp({ config: { ...config, secretKey: 'gateway-stack-secret-key-0123456789abcdef' }, db, logger: false });
    const apiUrl = await api.listen({ port: 0, host: '127.0.0.1' });

    const site = path.join(root, 'shell');
    await mkdir(site, { recursive: true });
    await writeFile(path.join(site, 'index.html'), `<!doctype html><title>${SHELL_PAGE}</title>`);
    const shell = await startNginx(readText('deploy/shell/nginx.conf'), site);
    servers.push(shell);

    remotes = await startRemoteSites(remoteSites);
    const env: Record<string, string> = {
      VIGIL_API_UPSTREAM: apiUrl.replace('http://', ''),
      VIGIL_SHELL_UPSTREAM: `127.0.0.1:${shell.port}`,
      VIGIL_BODY_LIMIT_BYTES: '1048576',
      VIGIL_FRONT_PROXY: readComposeDefault('VIGIL_FRONT_PROXY'),
      ...remotes.env,
    };
    const startGateway = async (overrides: Record<string, string>) => {
      const server = await startNginx(renderTemplate(readText(GATEWAY_TEMPLATE), { ...env, ...overrides }));
      servers.push(server);
      return server;
    };
    const gateway = await startGateway({});
    return { api, apiUrl, shell, remotes, gateway, startGateway, close };
  } catch (error) {
    await close();
    throw error;
  }
}

/** The default docker-compose.yml gives a gateway variable: `${NAME:-default}`. */
function readComposeDefault(name: string): string {
  const match = new RegExp(`${name}: \\$\\{${name}:-([^}]*)\\}`).exec(readText('docker-compose.yml'));
  if (!match) throw new Error(`docker-compose.yml gives the gateway no default ${name}`);
  return match[1]!;
}

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
  json(): any;
}

/**
 * An HTTP request from a chosen local address (127.0.0.0/8 is all this machine's): a client
 * other than the gateway, as the API and the gateway see it.
 */
export function request(
  url: string,
  options: { from: string; method?: string; headers?: Record<string, string>; body?: string },
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = http.request(url, { method: options.method ?? 'GET', headers: options.headers, localAddress: options.from }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        text += chunk;
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text, json: () => JSON.parse(text) }));
    });
    req.on('error', reject);
    req.end(options.body);
  });
}

/** A form login (the OAuth2 password form). */
export const loginForm = (username: string, password: string) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams({ username, password }).toString(),
});

/** nginx writes an access log line once the answer is sent: wait for the line that says `expected`. */
export async function waitForLogLine(server: RunningNginx, expected: string): Promise<string> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const log = await server.accessLog();
    if (log.includes(expected)) return log;
    if (Date.now() > deadline) throw new Error(`no access log line with "${expected}" within 5 s:\n${log}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}
