import { sql } from 'kysely';
import { recordAudit } from '../../audit/record.js';
import type { Db } from '../../db/database.js';
import type { TeamRole } from '../../db/schema.js';
import { addMember } from '../../teams/members.js';
import { TeamCreate } from '../../teams/schema.js';
import type { Run, Writer } from '../run.js';
import { checkBody } from './bodies.js';

// A vendor's team: matched to a Vigil team of the same name (any case), else created. Its
// members are added with their role; a member already there keeps the role they have, and
// nobody is taken out: the importer adds, a team admin decides the rest.

export interface TeamDesired {
  name: string;
  description: string | null;
  members: { user_id: string; role: TeamRole }[];
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** Adds the members the team lacks; how many it added. */
async function addMissing(trx: Db, run: Run, teamId: string, members: TeamDesired['members']): Promise<number> {
  const present = new Set(
    (await trx.selectFrom('team_members').select('user_id').where('team_id', '=', teamId).execute()).map((m) => m.user_id),
  );
  const missing = members.filter((m) => !present.has(m.user_id));
  for (const m of missing) await addMember(trx, run.actor, teamId, m.user_id, m.role);
  return missing.length;
}

export function teamWriter(desired: TeamDesired): Writer<TeamDesired> {
  return {
    kind: 'team',
    table: 'teams',
    desired: () => {
      checkBody(TeamCreate, { name: desired.name, description: desired.description });
      return desired;
    },
    async create(trx, run, d) {
      const same = await trx
        .selectFrom('teams')
        .select('id')
        .where(sql`lower(name)`, '=', d.name.toLowerCase())
        .where('personal_of', 'is', null)
        .orderBy('created_at')
        .orderBy('id')
        .executeTakeFirst();
      if (same) {
        const added = await addMissing(trx, run, same.id, d.members);
        return { id: same.id, outcome: 'matched', detail: added > 0 ? `${plural(added, 'member')} added` : undefined };
      }
      const team = await trx
        .insertInto('teams')
        .values({ name: d.name, description: d.description, created_by: run.owner.id })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, run.actor, { action: 'team.created', targetType: 'team', targetId: team.id, teamId: team.id, after: team });
      await addMissing(trx, run, team.id, d.members);
      return { id: team.id, detail: plural(d.members.length, 'member') };
    },
    async update(trx, run, id, d) {
      const before = await trx.selectFrom('teams').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
      if (before.name !== d.name) {
        const after = await trx.updateTable('teams').set({ name: d.name }).where('id', '=', id).returningAll().executeTakeFirstOrThrow();
        await recordAudit(trx, run.actor, { action: 'team.updated', targetType: 'team', targetId: id, teamId: id, before, after });
      }
      const added = await addMissing(trx, run, id, d.members);
      return { id, detail: added > 0 ? `${plural(added, 'member')} added` : undefined };
    },
  };
}
