/**
 * What one API process runs (`VIGIL_ROLE`, docs/deploy/scaling.md "Roles"). A deployment that
 * scales requests and sending apart runs `web` processes behind its load balancer and `worker`
 * processes beside them; `all` is both in one process (Compose, `npm start`, PGlite).
 */
export const ROLES = ['all', 'web', 'worker'] as const;
export type Role = (typeof ROLES)[number];

/**
 * What becomes of the notifications a process writes (notifications/service.ts):
 * - `send`: its own relay queues them and its own job worker sends them (`all`);
 * - `announce`: a NOTIFY tells the workers, whose relays queue them (`web`);
 * - `send-when-told`: as `send`, and it LISTENs for web processes' announcements (`worker`).
 */
export type OutboxDuty = 'send' | 'announce' | 'send-when-told';

export interface RolePlan {
  /** Every HTTP route; otherwise only the probes and the metrics scrape, a 404 for the rest. */
  servesApi: boolean;
  /** The escalation timer, the heartbeat checks and audit retention. */
  runsTimers: boolean;
  outbox: OutboxDuty;
}

const PLANS: Record<Role, RolePlan> = {
  all: { servesApi: true, runsTimers: true, outbox: 'send' },
  web: { servesApi: true, runsTimers: false, outbox: 'announce' },
  worker: { servesApi: false, runsTimers: true, outbox: 'send-when-told' },
};

export const planOf = (role: Role): RolePlan => PLANS[role];
