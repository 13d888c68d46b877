import { sql } from 'kysely';
import type { Db } from '../db/database.js';
import type { TeamRole, UserRow } from '../db/schema.js';
import { pingUrl } from '../heartbeats/service.js';
import { ingestUrl } from '../ingest/keys.js';
import { DEFAULT_TEAM_REF, type ImportDocument, type SourceTeam, VENDOR_NAMES } from './model.js';
import type { ResultLine } from './report.js';
import { importOne, type Run, transactionsOf } from './run.js';
import { escalationWriter } from './writers/escalations.js';
import { heartbeatWriter } from './writers/heartbeats.js';
import { integrationWriter } from './writers/integrations.js';
import { rulesWriter } from './writers/notificationRules.js';
import { scheduleWriter } from './writers/schedules.js';
import { teamWriter } from './writers/teams.js';

// An import, object by object in the order they depend on each other: users (matched by
// email, never created), teams, schedules, escalation policies, integrations, heartbeats,
// notification rules. Each object commits on its own with its mapping (nothing half-written:
// a failure rolls back that object alone and its dependents say so); a plan runs the very same
// writes in one transaction and rolls it back.

export interface ImportOptions {
  plan: boolean;
  now: Date;
  /** The active superuser the import acts as: it owns what is made, and the audit log names them. */
  owner: UserRow;
  /** The team for what has no team at the vendor. */
  defaultTeamName: string;
  /** Vigil's public origin, for the ingest and ping URLs printed. */
  frontendHost: string;
}

class PlanDone extends Error {}

/** Every email the document names: its users' and everyone its objects page. */
function emailsOf(doc: ImportDocument): string[] {
  return [
    ...doc.users.map((u) => u.email),
    ...doc.teams.flatMap((t) => t.members.map((m) => m.email)),
    ...doc.schedules.flatMap((s) => [...s.rotations.flatMap((r) => r.emails), ...s.overrides.map((o) => o.email)]),
    ...doc.escalations.flatMap((e) => e.levels.flatMap((l) => l.emails)),
    ...doc.notificationRules.map((r) => r.email),
  ].map((email) => email.toLowerCase());
}

async function matchUsers(run: Run, doc: ImportDocument): Promise<void> {
  const emails = [...new Set(emailsOf(doc))];
  const rows =
    emails.length === 0
      ? []
      : await run.db.selectFrom('users').select(['id', 'email', 'is_active']).where(sql<string>`lower(email)`, 'in', emails).execute();
  const found = new Map(rows.map((row) => [row.email.toLowerCase(), row]));
  for (const [email, row] of found) run.users.set(email, row.id);
  for (const user of doc.users) {
    const row = found.get(user.email);
    const line: ResultLine = row
      ? {
          kind: 'user',
          name: user.email,
          outcome: 'matched',
          id: row.id,
          notes: row.is_active ? [] : ['deactivated in Vigil: nothing reaches them until they are activated again'],
          secrets: [],
        }
      : {
          kind: 'user',
          name: user.email,
          outcome: 'failed',
          reason: 'not found in Vigil: create the account (or let them sign up), then run again',
          notes: [],
          secrets: [],
        };
    run.lines.push(line);
  }
}

/**
 * Each team's members: those the vendor lists, and everyone the team's schedules and
 * escalations page (a Vigil team pages only its own members), as responders. A team with no
 * admin gets the importing superuser as one, so someone may manage it.
 */
function teamsToImport(
  run: Run,
  doc: ImportDocument,
  defaultTeamName: string,
): { team: SourceTeam; members: { user_id: string; role: TeamRole }[] }[] {
  const teams: SourceTeam[] = [...doc.teams];
  const owned = [...doc.schedules, ...doc.escalations, ...doc.integrations].filter((o) => !o.failure);
  if (owned.some((o) => o.teamRef === DEFAULT_TEAM_REF)) {
    teams.push({
      sourceId: DEFAULT_TEAM_REF,
      name: defaultTeamName,
      description: `What had no team in ${VENDOR_NAMES[doc.vendor]}`,
      members: [],
      notes: [],
    });
  }
  return teams.map((team) => {
    const roles = new Map(team.members.map((m) => [m.email, m.role]));
    const paged = [
      ...doc.schedules
        .filter((s) => !s.failure && s.teamRef === team.sourceId)
        .flatMap((s) => [...s.rotations.flatMap((r) => r.emails), ...s.overrides.map((o) => o.email)]),
      ...doc.escalations.filter((e) => !e.failure && e.teamRef === team.sourceId).flatMap((e) => e.levels.flatMap((l) => l.emails)),
    ];
    for (const email of paged) if (!roles.has(email)) roles.set(email, 'responder');
    const unknown = [...roles.keys()].filter((email) => !run.users.has(email));
    if (unknown.length > 0) team.notes.push(`not in Vigil, so not added: ${unknown.join(', ')}`);
    const members = [...roles].flatMap(([email, role]) => {
      const id = run.users.get(email);
      return id ? [{ user_id: id, role }] : [];
    });
    if (!members.some((m) => m.role === 'admin') && !members.some((m) => m.user_id === run.owner.id)) {
      members.push({ user_id: run.owner.id, role: 'admin' });
      team.notes.push(`${run.owner.email} is its admin: it has no other`);
    }
    members.sort((a, b) => (a.user_id < b.user_id ? -1 : a.user_id > b.user_id ? 1 : 0));
    return { team, members };
  });
}

async function importAll(run: Run, doc: ImportDocument, options: ImportOptions): Promise<void> {
  await matchUsers(run, doc);
  for (const { team, members } of teamsToImport(run, doc, options.defaultTeamName)) {
    const id = await importOne(run, team, teamWriter({ name: team.name, description: team.description, members }));
    if (id) run.teams.set(team.sourceId, id);
  }
  for (const s of doc.schedules) {
    const id = await importOne(run, s, scheduleWriter(s));
    if (id) run.schedules.set(s.sourceId, { id, teamId: run.teams.get(s.teamRef) as string, name: s.name });
  }
  for (const e of doc.escalations) {
    const id = await importOne(run, e, escalationWriter(e));
    if (id) run.escalations.set(e.sourceId, { id, teamId: run.teams.get(e.teamRef) as string, name: e.name });
  }
  for (const i of doc.integrations) {
    const id = await importOne(run, i, integrationWriter(i));
    if (id) run.integrations.set(i.sourceId, { id, teamId: run.teams.get(i.teamRef) as string, name: i.name });
  }
  for (const h of doc.heartbeats) await importOne(run, h, heartbeatWriter(h));
  for (const r of doc.notificationRules) await importOne(run, r, rulesWriter(r));
}

/** Imports the document (or plans it), one line per object in the order written. */
export async function runImport(db: Db, doc: ImportDocument, options: ImportOptions): Promise<ResultLine[]> {
  const base = {
    vendor: doc.vendor,
    plan: options.plan,
    now: options.now,
    owner: options.owner,
    actor: { userId: options.owner.id, tokenId: null, label: options.owner.email, address: null },
    lines: [] as ResultLine[],
    users: new Map<string, string>(),
    teams: new Map<string, string>(),
    schedules: new Map(),
    escalations: new Map(),
    integrations: new Map(),
    names: new Map<string, string>(),
    ingestUrl: (key: string) => ingestUrl(options, key),
    pingUrl: (token: string) => pingUrl(options, token),
  };
  if (!options.plan) {
    await importAll({ ...base, db, transaction: transactionsOf(db) }, doc, options);
    return base.lines;
  }
  await db
    .transaction()
    .execute(async (trx) => {
      await importAll({ ...base, db: trx, transaction: transactionsOf(db, trx) }, doc, options);
      throw new PlanDone();
    })
    .catch((error: unknown) => {
      if (!(error instanceof PlanDone)) throw error;
    });
  return base.lines;
}
