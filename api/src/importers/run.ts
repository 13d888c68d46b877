import { sql } from 'kysely';
import type { AuditActor } from '../audit/record.js';
import type { Db } from '../db/database.js';
import type { UserRow } from '../db/schema.js';
import { HttpError, InvalidInput } from '../errors.js';
import { findMapping, fingerprintOf, saveMapping, stillThere } from './mappings.js';
import { ImportFailure, type Vendor } from './model.js';
import type { Outcome, ResultLine } from './report.js';

// One import run: where it reads and writes, what it resolved so far, and how each object is
// written (importOne): in a transaction of its own with its mapping (apply), or in a savepoint
// of one transaction rolled back at the end (plan: the same checks, nothing kept).

export interface Imported {
  id: string;
  teamId: string;
  name: string;
}

export interface Run {
  vendor: Vendor;
  plan: boolean;
  now: Date;
  owner: UserRow;
  actor: AuditActor;
  /** Reads: the database, or (plan) the transaction that sees what the plan made so far. */
  db: Db;
  lines: ResultLine[];
  users: Map<string, string>;
  teams: Map<string, string>;
  schedules: Map<string, Imported>;
  escalations: Map<string, Imported>;
  integrations: Map<string, Imported>;
  /** The names of source objects, for a dependent's reason ("schedule "X" was not imported"). */
  names: Map<string, string>;
  ingestUrl(key: string): string;
  pingUrl(token: string): string;
  transaction<T>(work: (trx: Db) => Promise<T>): Promise<T>;
}

/** What writing an object made: its id, and what its line says. */
export interface Written {
  id: string;
  outcome?: Outcome;
  detail?: string;
  notes?: string[];
  secrets?: string[];
}

export interface Writer<D> {
  kind: string;
  table: 'teams' | 'schedules' | 'escalation_policies' | 'integrations' | 'heartbeat_monitors' | 'users';
  /** What the source object asks of Vigil, resolved; an ImportFailure says why it cannot be. */
  desired(run: Run): Promise<D> | D;
  create(trx: Db, run: Run, desired: D): Promise<Written>;
  update(trx: Db, run: Run, id: string, desired: D): Promise<Written>;
}

/** Nothing of the object can be imported, and that is no error: its line says why, as skipped. */
export class ImportSkip extends Error {}

/** Why an error stops one object, in one line: a failure's message, an API-shaped error's detail. */
export function reasonOf(error: unknown): string {
  if (error instanceof ImportFailure) return error.message;
  if (error instanceof HttpError) return error.detail;
  if (error instanceof InvalidInput) {
    return error.issues
      .map((i) => `${i.loc.filter((p) => p !== 'body').join('.') || 'it'}: ${i.msg.replace(/^Value error, /, '')}`)
      .join('; ');
  }
  return `unexpected error: ${error instanceof Error ? error.message : String(error)}`;
}

/** Writes one source object (or finds it unchanged) and records its line; its id, or null when it failed. */
export async function importOne<D>(
  run: Run,
  source: { sourceId: string; name: string; notes: string[]; failure?: string },
  writer: Writer<D>,
): Promise<string | null> {
  run.names.set(`${writer.kind}:${source.sourceId}`, source.name);
  // The source's notes, as the writer may add to them while it resolves the object.
  const line: ResultLine = { kind: writer.kind, name: source.name, outcome: 'failed', notes: source.notes, secrets: [] };
  run.lines.push(line);
  if (source.failure) {
    line.reason = source.failure;
    return null;
  }
  try {
    const desired = await writer.desired(run);
    const fingerprint = fingerprintOf(desired);
    const mapping = await findMapping(run.db, run.vendor, writer.kind, source.sourceId);
    const live = mapping && (await stillThere(run.db, writer.table, mapping.vigil_id)) ? mapping.vigil_id : null;
    if (live && mapping?.fingerprint === fingerprint) {
      Object.assign(line, { outcome: 'unchanged', id: live });
      return live;
    }
    const written = await run.transaction(async (trx) => {
      const result = live ? await writer.update(trx, run, live, desired) : await writer.create(trx, run, desired);
      await saveMapping(trx, {
        vendor: run.vendor,
        kind: writer.kind,
        sourceId: source.sourceId,
        vigilKind: writer.table,
        vigilId: result.id,
        fingerprint,
        now: run.now,
      });
      return result;
    });
    line.outcome = written.outcome ?? (live ? 'updated' : 'created');
    line.id = written.id;
    line.detail = written.detail;
    line.notes.push(...(written.notes ?? []));
    if (!run.plan) line.secrets.push(...(written.secrets ?? []));
    return written.id;
  } catch (error) {
    if (error instanceof ImportSkip) Object.assign(line, { outcome: 'skipped', detail: error.message });
    else line.reason = reasonOf(error);
    return null;
  }
}

/** A run's transactions: one per object (apply), or savepoints in `outer`, which the caller rolls back (plan). */
export function transactionsOf(db: Db, outer?: Db): Run['transaction'] {
  if (!outer) return (work) => db.transaction().execute(work);
  let n = 0;
  return async (work) => {
    const name = sql.id(`import_${++n}`);
    await sql`SAVEPOINT ${name}`.execute(outer);
    try {
      const result = await work(outer);
      await sql`RELEASE SAVEPOINT ${name}`.execute(outer);
      return result;
    } catch (error) {
      await sql`ROLLBACK TO SAVEPOINT ${name}`.execute(outer);
      throw error;
    }
  };
}

/** The Vigil id of a user by email, or the failure every object naming them reports. */
export function userId(run: Run, email: string): string {
  const id = run.users.get(email.toLowerCase());
  if (!id) throw new ImportFailure(`user ${email} not found in Vigil`);
  return id;
}

export function teamId(run: Run, ref: string): string {
  const id = run.teams.get(ref);
  if (!id) throw new ImportFailure(`its team "${run.names.get(`team:${ref}`) ?? ref}" was not imported`);
  return id;
}

/** An object imported earlier in this run, or the failure of one that was not. */
export function imported(run: Run, map: Map<string, Imported>, kind: string, ref: string): Imported {
  const found = map.get(ref);
  if (!found) throw new ImportFailure(`${kind} "${run.names.get(`${kind}:${ref}`) ?? ref}" was not imported`);
  return found;
}
