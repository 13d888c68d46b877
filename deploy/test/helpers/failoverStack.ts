import { type ApiProcess, startApiProcess } from '../../../api/test/helpers/apiProcess.js';
import { SmtpSink } from '../../../api/test/helpers/smtpSink.js';
import { startTcpProxy, type TcpProxy } from '../../../api/test/helpers/tcpProxy.js';
import { PostgresCluster, sqlAt } from './postgresCluster.js';

/**
 * Vigil as a Kubernetes deployment runs it on CloudNativePG, on this machine: a primary and a
 * synchronous standby, the `-rw` Service's stand-in in front of them, two API processes that
 * serve requests (`VIGIL_ROLE=web`) and one that sends and runs the timers (`worker`), every
 * email going to an SMTP sink. The processes reach the database only through the proxy.
 */
export interface FailoverStack {
  cluster: PostgresCluster;
  proxy: TcpProxy;
  mail: SmtpSink;
  web: ApiProcess[];
  worker: ApiProcess;
  /** The app's database on the primary of the moment, bypassing the proxy (for the test's own reads). */
  primaryUrl(): string;
  /** Points the proxy at the primary of the moment (an endpoint change). */
  followPrimary(): void;
  stop(): Promise<void>;
}

export const ADMIN = { email: 'admin@example.com', password: 'failover-admin-password' };
/** The base of every link in an email; nothing listens there (the test acts on the web processes). */
export const FRONTEND_HOST = 'http://vigil.test';
const DATABASE = 'vigil';

export async function startFailoverStack(binDir: string, ports: number[]): Promise<FailoverStack> {
  const started: { stop(): Promise<void> }[] = [];
  const stopAll = async () => {
    for (const part of started.reverse()) await part.stop().catch(() => {});
  };
  try {
    const mail = await new SmtpSink().start();
    started.push(mail);
    const cluster = await PostgresCluster.start(binDir, ports);
    started.push({ stop: () => cluster.dispose() });
    await sqlAt(cluster.primary.url, `CREATE DATABASE ${DATABASE}`);
    const proxy = await startTcpProxy(cluster.primary.port);
    started.push({ stop: () => proxy.close() });

    const env = (role: 'web' | 'worker') => ({
      NODE_ENV: 'production',
      VIGIL_ROLE: role,
      DATABASE_URL: `postgres://postgres@127.0.0.1:${proxy.port}/${DATABASE}`,
      SECRET_KEY: 'failover-test-secret-key-0123456789abcdef',
      FIRST_SUPERUSER: ADMIN.email,
      FIRST_SUPERUSER_PASSWORD: ADMIN.password,
      FRONTEND_HOST,
      SMTP_HOST: '127.0.0.1',
      SMTP_PORT: String(mail.port),
      SMTP_TLS: 'false',
      // The test is one client address acting on hundreds of alerts a minute.
      RATE_LIMIT_PUBLIC_ALERT_PER_MINUTE: '100000',
      NOTIFICATION_RETRY_DELAY_SECONDS: '1',
      SHUTDOWN_DRAIN_SECONDS: '0',
      LOG_LEVEL: 'info',
    });
    // Together, as replicas start: one applies the migrations, the others wait for its lock.
    const processes = await Promise.allSettled([startApiProcess(env('web')), startApiProcess(env('web')), startApiProcess(env('worker'))]);
    for (const result of processes) if (result.status === 'fulfilled') started.push(result.value);
    const [first, second, worker] = processes.map((result) => {
      if (result.status === 'rejected') throw result.reason;
      return result.value;
    }) as [ApiProcess, ApiProcess, ApiProcess];
    return {
      cluster,
      proxy,
      mail,
      web: [first, second],
      worker,
      primaryUrl: () => cluster.urlOf(cluster.primary, DATABASE),
      followPrimary: () => proxy.repoint(cluster.primary.port),
      stop: stopAll,
    };
  } catch (error) {
    await stopAll();
    throw error;
  }
}
