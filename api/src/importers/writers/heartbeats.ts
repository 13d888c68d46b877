import { recordAudit } from '../../audit/record.js';
import type { AlertSeverity } from '../../db/schema.js';
import { HEARTBEAT_GRACE_DEFAULT, HEARTBEAT_MONITORS_PER_INTEGRATION_MAX, HeartbeatCreate } from '../../heartbeats/schema.js';
import { tooManyMonitors } from '../../heartbeats/service.js';
import { newIngestKey } from '../../ingest/keys.js';
import { ImportFailure, type SourceHeartbeat } from '../model.js';
import type { Run, Writer } from '../run.js';
import { checkBody } from './bodies.js';

// An Opsgenie heartbeat as a heartbeat monitor of an imported integration that had an API key:
// a job pinging it by name with that key (GET /v2/heartbeats/{name}/ping) reaches it with a
// hostname change; the monitor's own ping URL is printed once as well.

export interface HeartbeatDesired {
  integration_id: string;
  name: string;
  interval_minutes: number;
  grace_minutes: number;
  severity: AlertSeverity;
}

const minutes = (n: number) => n * 60_000;
const integrationOf = (run: Run, id: string) => [...run.integrations.values()].find((i) => i.id === id);

export function heartbeatWriter(h: SourceHeartbeat): Writer<HeartbeatDesired> {
  return {
    kind: 'heartbeat',
    table: 'heartbeat_monitors',
    desired(run) {
      const ref = h.integrationRefs.find((r) => run.integrations.has(r));
      const integration = ref ? run.integrations.get(ref) : undefined;
      if (!integration) throw new ImportFailure('none of the integrations it could hang on was imported');
      const body = { name: h.name, interval_minutes: h.intervalMinutes, grace_minutes: HEARTBEAT_GRACE_DEFAULT, severity: h.severity };
      checkBody(HeartbeatCreate, body);
      return { integration_id: integration.id, ...body };
    },
    async create(trx, run, d) {
      await trx.selectFrom('integrations').select('id').where('id', '=', d.integration_id).forNoKeyUpdate().executeTakeFirst();
      const { count } = await trx
        .selectFrom('heartbeat_monitors')
        .select((eb) => eb.fn.countAll<string>().as('count'))
        .where('integration_id', '=', d.integration_id)
        .executeTakeFirstOrThrow();
      if (Number(count) >= HEARTBEAT_MONITORS_PER_INTEGRATION_MAX) throw new ImportFailure(tooManyMonitors);
      const { key: token, hash } = newIngestKey();
      const row = await trx
        .insertInto('heartbeat_monitors')
        .values({
          ...d,
          ping_token_hash: hash,
          created_at: run.now,
          due_at: new Date(run.now.getTime() + minutes(d.interval_minutes + d.grace_minutes)),
        })
        .returningAll()
        .executeTakeFirstOrThrow();
      const integration = integrationOf(run, d.integration_id);
      await recordAudit(trx, run.actor, {
        action: 'heartbeat_monitor.created',
        targetType: 'heartbeat_monitor',
        teamId: integration?.teamId,
        targetId: row.id,
        after: row,
      });
      return { id: row.id, detail: `on integration "${integration?.name}"`, secrets: [`ping URL: ${run.pingUrl(token)} (shown once)`] };
    },
    async update(trx, run, id, d) {
      const before = await trx.selectFrom('heartbeat_monitors').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
      const from = before.last_ping_at ?? before.created_at;
      const after = await trx
        .updateTable('heartbeat_monitors')
        .set({ ...d, due_at: new Date(from.getTime() + minutes(d.interval_minutes + d.grace_minutes)) })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      const integration = integrationOf(run, d.integration_id);
      await recordAudit(trx, run.actor, {
        action: 'heartbeat_monitor.updated',
        targetType: 'heartbeat_monitor',
        teamId: integration?.teamId,
        targetId: id,
        before,
        after,
      });
      return { id, detail: `on integration "${integration?.name}"` };
    },
  };
}
