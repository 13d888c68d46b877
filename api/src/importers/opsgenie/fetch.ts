import { SourceError, type VendorClient } from '../http.js';

// Walks Opsgenie's REST API v2 (https://api.opsgenie.com, or api.eu.opsgenie.com) with a
// GenieKey of an API integration that may read the configuration, and puts the answers
// together as the export file (shapes.ts): what `--save` writes and `--from file` reads.

const PAGE = 100;

/** The `data` of an answer. */
function dataOf(answer: unknown, path: string): unknown {
  if (answer && typeof answer === 'object' && 'data' in answer) return (answer as { data: unknown }).data;
  throw new SourceError(`GET ${path}: the answer has no "data": is this Opsgenie's API?`);
}

const list = async (client: VendorClient, path: string): Promise<Record<string, unknown>[]> => {
  const data = dataOf(await client.get(path), path);
  if (!Array.isArray(data)) throw new SourceError(`GET ${path}: "data" is not a list`);
  return data as Record<string, unknown>[];
};

const one = async (client: VendorClient, path: string) => dataOf(await client.get(path), path) as Record<string, unknown>;

const idsOf = (items: Record<string, unknown>[]) => items.map((item) => String(item.id ?? '')).filter((id) => id !== '');
const at = (id: string) => encodeURIComponent(id);

/** Users come in pages (`limit`, `offset`), each answer linking the next in `paging.next`. */
async function allUsers(client: VendorClient): Promise<Record<string, unknown>[]> {
  const users: Record<string, unknown>[] = [];
  let next: string | undefined = `v2/users?limit=${PAGE}&offset=0&sort=username&order=asc`;
  for (let pages = 0; next; pages++) {
    if (pages > 1000) throw new SourceError('GET v2/users: more than 1,000 pages');
    const answer = (await client.get(next)) as { paging?: { next?: unknown } };
    const data = dataOf(answer, next);
    if (!Array.isArray(data)) throw new SourceError('GET v2/users: "data" is not a list');
    users.push(...(data as Record<string, unknown>[]));
    next = typeof answer.paging?.next === 'string' && data.length > 0 ? answer.paging.next : undefined;
  }
  return users;
}

export async function fetchOpsgenie(client: VendorClient, progress: (what: string) => void = () => {}) {
  progress('users');
  const users = await allUsers(client);
  progress('teams');
  const teams = [];
  for (const id of idsOf(await list(client, 'v2/teams'))) teams.push(await one(client, `v2/teams/${at(id)}?identifierType=id`));
  progress('schedules');
  const schedules = await list(client, 'v2/schedules?expand=rotation');
  const overrides: Record<string, unknown[]> = {};
  for (const id of idsOf(schedules)) overrides[id] = await list(client, `v2/schedules/${at(id)}/overrides?scheduleIdentifierType=id`);
  progress('escalations');
  const escalations = await list(client, 'v2/escalations');
  progress('integrations');
  const integrations = [];
  for (const id of idsOf(await list(client, 'v2/integrations'))) integrations.push(await one(client, `v2/integrations/${at(id)}`));
  const routingRules: Record<string, unknown[]> = {};
  for (const id of idsOf(teams)) routingRules[id] = await list(client, `v2/teams/${at(id)}/routing-rules?teamIdentifierType=id`);
  progress('heartbeats');
  const beats = (await one(client, 'v2/heartbeats')) as { heartbeats?: unknown };
  if (!Array.isArray(beats.heartbeats)) throw new SourceError('GET v2/heartbeats: "data.heartbeats" is not a list');
  progress('notification rules');
  const notificationRules: Record<string, unknown[]> = {};
  for (const id of idsOf(users)) {
    const rules = [];
    for (const ruleId of idsOf(await list(client, `v2/users/${at(id)}/notification-rules`))) {
      rules.push(await one(client, `v2/users/${at(id)}/notification-rules/${at(ruleId)}`));
    }
    notificationRules[id] = rules;
  }
  return {
    vendor: 'opsgenie',
    users,
    teams,
    schedules,
    overrides,
    escalations,
    integrations,
    routingRules,
    heartbeats: beats.heartbeats,
    notificationRules,
  };
}
