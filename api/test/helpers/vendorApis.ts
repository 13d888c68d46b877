import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Local servers answering Opsgenie's REST API v2 and Grafana OnCall's public API v1 as their
// documentation shows (docs.opsgenie.com; grafana/oncall docs/sources/oncall-api-reference),
// from the fixtures in test/fixtures/importers/: their envelopes, pagination, authorization
// header and error bodies. Each test changes its server's `data` to play a changed source.

const fixtures = path.join(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/importers');

/** A vendor's objects as a fixture file holds them (a fresh copy each time). */
export const vendorFixture = (vendor: 'opsgenie' | 'oncall', name: string): any =>
  JSON.parse(readFileSync(path.join(fixtures, vendor, `${name}.json`), 'utf8'));

export interface VendorApi {
  url: string;
  /** The paths asked, in order (query strings included). */
  requests: string[];
  data: Record<string, any>;
  close(): Promise<void>;
}

type Handler = (url: URL, data: Record<string, any>) => { status: number; body: unknown };

async function serve(
  check: (auth: string | undefined) => boolean,
  refused: unknown,
  data: Record<string, any>,
  handle: Handler,
): Promise<VendorApi> {
  const requests: string[] = [];
  const server = http.createServer((req, res) => {
    const url = new URL(req.url ?? '/', `http://${req.headers.host}`);
    requests.push(`${url.pathname}${url.search}`);
    const answer = !check(req.headers.authorization) ? { status: 401, body: refused } : handle(url, data);
    res.writeHead(answer.status, { 'content-type': 'application/json' }).end(JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    data,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Opsgenie's answers: `data`, `took`, `requestId`; users by `limit` and `offset` with `paging` links. */
export function opsgenieApi(apiKey: string, pageSize = 3): Promise<VendorApi> {
  const data: Record<string, any> = Object.fromEntries(
    ['users', 'teams', 'schedules', 'overrides', 'escalations', 'integrations', 'routing-rules', 'heartbeats', 'notification-rules'].map(
      (n) => [n, vendorFixture('opsgenie', n)],
    ),
  );
  const ok = (body: unknown) => ({ status: 200, body: { data: body, took: 0.012, requestId: randomUUID() } });
  const missing = (what: string) => ({
    status: 404,
    body: { message: `No ${what} exists with the given identifier`, took: 0.003, requestId: randomUUID() },
  });
  return serve(
    (auth) => auth === `GenieKey ${apiKey}`,
    { message: 'Could not authenticate', took: 0.0, requestId: randomUUID() },
    data,
    (url, d) => {
      const parts = url.pathname.split('/').filter(Boolean).map(decodeURIComponent);
      const [v2, what, id, sub, subId] = parts;
      if (v2 !== 'v2') return missing('resource');
      if (what === 'users' && !id) {
        const offset = Number(url.searchParams.get('offset') ?? 0);
        const limit = Math.min(Number(url.searchParams.get('limit') ?? 20), pageSize);
        const next = offset + limit < d.users.length;
        const link = (at: number) => `http://${url.host}/v2/users?limit=${limit}&offset=${at}&sort=username&order=asc`;
        return {
          status: 200,
          body: {
            totalCount: d.users.length,
            data: d.users.slice(offset, offset + limit),
            paging: { ...(next ? { next: link(offset + limit) } : {}), first: link(0), last: link(Math.max(0, d.users.length - limit)) },
            took: 0.261,
            requestId: randomUUID(),
          },
        };
      }
      if (what === 'users' && sub === 'notification-rules') {
        const rules: any[] = d['notification-rules'][id as string] ?? [];
        if (!subId)
          return ok(rules.map(({ id: ruleId, name, actionType, order, enabled }) => ({ id: ruleId, name, actionType, order, enabled })));
        const rule = rules.find((r) => r.id === subId);
        return rule ? ok(rule) : missing('notification rule');
      }
      if (what === 'teams' && !id) return ok(d.teams.map(({ id: teamId, name, description }: any) => ({ id: teamId, name, description })));
      if (what === 'teams' && sub === 'routing-rules') return ok(d['routing-rules'][id as string] ?? []);
      if (what === 'teams') return d.teams.find((t: any) => t.id === id) ? ok(d.teams.find((t: any) => t.id === id)) : missing('team');
      if (what === 'schedules' && !id) {
        const expand = url.searchParams.get('expand') === 'rotation';
        return {
          status: 200,
          body: {
            data: d.schedules.map((s: any) => (expand ? s : { ...s, rotations: undefined })),
            expandable: ['rotation'],
            took: 0.05,
            requestId: randomUUID(),
          },
        };
      }
      if (what === 'schedules' && sub === 'overrides') return ok(d.overrides[id as string] ?? []);
      if (what === 'escalations' && !id) return ok(d.escalations);
      if (what === 'integrations' && !id)
        return ok(
          d.integrations.map(({ id: iid, name, enabled, type, teamId, version }: any) => ({
            id: iid,
            name,
            enabled,
            type,
            teamId,
            version,
          })),
        );
      if (what === 'integrations')
        return d.integrations.find((i: any) => i.id === id) ? ok(d.integrations.find((i: any) => i.id === id)) : missing('integration');
      if (what === 'heartbeats' && !id) return ok({ heartbeats: d.heartbeats });
      return missing('resource');
    },
  );
}

const ONCALL_LISTS = [
  'users',
  'teams',
  'schedules',
  'on_call_shifts',
  'escalation_chains',
  'escalation_policies',
  'integrations',
  'routes',
  'personal_notification_rules',
];

/** OnCall's answers: `count`, `next`, `previous`, `results`, page numbers; `Authorization: <token>`. */
export function oncallApi(token: string, pageSize = 2): Promise<VendorApi> {
  const data = Object.fromEntries(ONCALL_LISTS.map((n) => [n, vendorFixture('oncall', n)]));
  return serve(
    (auth) => auth === token,
    { detail: 'Invalid token.' },
    data,
    (url, d) => {
      const match = /^\/api\/v1\/([a-z_]+)\/$/.exec(url.pathname);
      const list = match ? (d[match[1] as string] as unknown[] | undefined) : undefined;
      if (!list) return { status: 404, body: { detail: 'Not found.' } };
      const page = Number(url.searchParams.get('page') ?? 1);
      const pages = Math.max(1, Math.ceil(list.length / pageSize));
      if (!Number.isInteger(page) || page < 1 || page > pages) return { status: 404, body: { detail: 'Invalid page.' } };
      const link = (n: number) => `http://${url.host}${url.pathname}?page=${n}`;
      return {
        status: 200,
        body: {
          count: list.length,
          next: page < pages ? link(page + 1) : null,
          previous: page > 1 ? link(page - 1) : null,
          results: list.slice((page - 1) * pageSize, page * pageSize),
          current_page_number: page,
          page_size: pageSize,
          total_pages: pages,
        },
      };
    },
  );
}
