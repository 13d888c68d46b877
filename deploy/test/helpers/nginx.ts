import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Debian's nginx (apt-get install nginx), or NGINX_PATH. */
export const NGINX = [process.env.NGINX_PATH, '/usr/sbin/nginx', '/usr/bin/nginx'].find((p): p is string => !!p && existsSync(p));

const MIME_TYPES = '/etc/nginx/mime.types';

// Stopped by the tests; and should the test process die first, stopped with it.
const running = new Set<ChildProcess>();
process.once('exit', () => {
  for (const child of running) child.kill('SIGTERM');
});

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** Replaces `from` by `to`, failing when `from` is not there exactly once (the config changed shape). */
function replaceOnce(text: string, from: string, to: string): string {
  const parts = text.split(from);
  if (parts.length !== 2) throw new Error(`expected "${from}" once in the config, found it ${parts.length - 1} times`);
  return parts.join(to);
}

async function waitForPort(host: string, port: number, child: ChildProcess, log: string): Promise<void> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`nginx exited (${child.exitCode}):\n${await readFile(log, 'utf8').catch(() => '')}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = net.connect(port, host, () => {
        socket.end();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`nginx did not listen on ${port} within 10 s`);
}

export interface RunningNginx {
  port: number;
  url: string;
  /** The master process: the same one for as long as nginx was neither restarted nor replaced. */
  pid: number;
  accessLog(): Promise<string>;
  stop(): Promise<void>;
}

/**
 * Runs one of the images' site configs (a file nginx includes inside http {}) as the image
 * would, on a free local port (or `listen`, an address and port of the loopback range):
 * `listen 8080;` becomes it, `/usr/share/nginx/html` the given site folder, and each of `paths`
 * (a path inside the container) the local folder it maps to. One nginx per container, as in
 * docker-compose.yml.
 */
export async function startNginx(
  siteConf: string,
  site?: string,
  paths: Record<string, string> = {},
  listen?: { host: string; port: number },
): Promise<RunningNginx> {
  if (!NGINX) throw new Error('nginx is not installed');
  const dir = await mkdtemp(path.join(tmpdir(), 'vigil-nginx-'));
  const host = listen?.host ?? '127.0.0.1';
  const port = listen?.port ?? (await freePort());
  let conf = replaceOnce(siteConf, 'listen 8080;', `listen ${host}:${port};`);
  if (site) conf = replaceOnce(conf, '/usr/share/nginx/html', site);
  for (const [inContainer, local] of Object.entries(paths)) conf = replaceOnce(conf, inContainer, local);
  conf = conf.replaceAll('/var/log/nginx/', `${dir}/`);
  await writeFile(path.join(dir, 'site.conf'), conf);
  const errorLog = path.join(dir, 'error.log');
  // The workers read the test's private temp folders: as root, they run as root.
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  await writeFile(
    path.join(dir, 'nginx.conf'),
    `${user}daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${errorLog} warn;
events { worker_connections 128; }
http {
  include ${MIME_TYPES};
  default_type application/octet-stream;
  access_log ${dir}/access.log;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  include ${dir}/site.conf;
}
`,
  );
  const args = ['-p', dir, '-e', errorLog, '-c', path.join(dir, 'nginx.conf')];
  const check = spawnSync(NGINX, [...args, '-t'], { encoding: 'utf8' });
  if (check.status !== 0) throw new Error(`nginx -t refused the config:\n${check.stderr}`);
  const child = spawn(NGINX, args, { stdio: 'ignore' });
  running.add(child);
  child.once('exit', () => running.delete(child));
  try {
    await waitForPort(host, port, child, errorLog);
  } catch (error) {
    child.kill('SIGTERM');
    throw error;
  }
  return {
    port,
    url: `http://${host}:${port}`,
    pid: child.pid!,
    /** What the gateway's access log holds so far. */
    accessLog: () => readFile(path.join(dir, 'access.log'), 'utf8').catch(() => ''),
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await exited;
      }
      await rm(dir, { recursive: true, force: true });
    },
  };
}
