import { sql } from 'kysely';
import { type AuditActor, recordAudit } from '../audit/record.js';
import type { Db } from '../db/database.js';
import type { TeamRole } from '../db/schema.js';
import { HttpError, InvalidInput, notFound } from '../errors.js';

/**
 * Group rules (docs/api/single-sign-on.md, "Groups to teams"): a superuser says which provider
 * group gives which team membership and role. At each sign-in the user's memberships made by the
 * rules (`via_sso`) are brought to what their groups give now: added, their role changed, or
 * taken away. A membership an admin gave by hand is never changed by the rules.
 */
export const GROUP_RULES_MAX = 500;
const RANK: Record<TeamRole, number> = { observer: 1, responder: 2, admin: 3 };

export interface GroupRule {
  id: string;
  group_name: string;
  team_id: string;
  team_name: string;
  role: TeamRole;
  created_at: string;
}

export async function listGroupRules(db: Db): Promise<{ data: GroupRule[]; count: number }> {
  const rows = await db
    .selectFrom('sso_group_rules as r')
    .innerJoin('teams as t', 't.id', 'r.team_id')
    .select(['r.id', 'r.group_name', 'r.team_id', 't.name as team_name', 'r.role', 'r.created_at'])
    .orderBy('r.group_name')
    .orderBy('t.name')
    .execute();
  const data = rows.map((r) => ({ ...r, created_at: r.created_at.toISOString() }));
  return { data, count: data.length };
}

export async function createGroupRule(db: Db, actor: AuditActor, input: { group_name: string; team_id: string; role: TeamRole }) {
  return db.transaction().execute(async (trx) => {
    await sql`SELECT pg_advisory_xact_lock(hashtextextended('vigil-sso-rules.' || current_schema(), 0))`.execute(trx);
    const team = await trx.selectFrom('teams').select('id').where('id', '=', input.team_id).executeTakeFirst();
    if (!team) throw new InvalidInput([{ loc: ['body', 'team_id'], msg: 'Value error, no team with this id', type: 'value_error' }]);
    const { n } = await trx
      .selectFrom('sso_group_rules')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(n) >= GROUP_RULES_MAX)
      throw new InvalidInput([{ loc: ['body'], msg: `At most ${GROUP_RULES_MAX} group rules`, type: 'value_error' }]);
    const rule = await trx
      .insertInto('sso_group_rules')
      .values({ group_name: input.group_name, team_id: input.team_id, role: input.role })
      .onConflict((oc) => oc.columns(['group_name', 'team_id']).doNothing())
      .returningAll()
      .executeTakeFirst();
    if (!rule) throw new HttpError(409, 'A rule for this group and team exists already: delete it to change its role');
    await recordAudit(trx, actor, {
      action: 'sso_group_rule.created',
      targetType: 'sso_group_rule',
      targetId: rule.id,
      teamId: rule.team_id,
      after: rule,
    });
    return rule;
  });
}

export async function deleteGroupRule(db: Db, actor: AuditActor, id: string): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await trx.deleteFrom('sso_group_rules').where('id', '=', id).returningAll().executeTakeFirst();
    if (!before) throw notFound('Group rule');
    await recordAudit(trx, actor, {
      action: 'sso_group_rule.deleted',
      targetType: 'sso_group_rule',
      targetId: id,
      teamId: before.team_id,
      before,
    });
  });
}

/**
 * Brings the user's rule-made memberships to what `groups` give (in the sign-in's transaction):
 * the highest role any of their groups gives in each team. A membership given by hand stays as
 * it is; a rule-made one the groups no longer give is taken away unless the user is the team's
 * last admin (the team would have none left): then it stays, and the caller is told.
 */
export async function applyGroupRules(trx: Db, actor: AuditActor, userId: string, groups: string[]): Promise<{ kept: string[] }> {
  const rules = groups.length
    ? await trx.selectFrom('sso_group_rules').select(['team_id', 'role']).where('group_name', 'in', groups).execute()
    : [];
  const wanted = new Map<string, TeamRole>();
  for (const rule of rules) {
    const had = wanted.get(rule.team_id);
    if (!had || RANK[rule.role] > RANK[had]) wanted.set(rule.team_id, rule.role);
  }
  const current = await trx
    .selectFrom('team_members')
    .select(['team_id', 'role', 'via_sso'])
    .where('user_id', '=', userId)
    .forUpdate()
    .execute();
  const byTeam = new Map(current.map((m) => [m.team_id, m]));
  const kept: string[] = [];
  for (const [teamId, role] of wanted) {
    const member = byTeam.get(teamId);
    if (member && !member.via_sso) continue;
    if (member?.role === role) continue;
    const row = { team_id: teamId, user_id: userId, role, via_sso: true };
    await trx
      .insertInto('team_members')
      .values(row)
      .onConflict((oc) => oc.columns(['team_id', 'user_id']).doUpdateSet({ role }))
      .execute();
    const action = member ? 'team_member.role_changed' : 'team_member.added';
    await recordAudit(trx, actor, {
      action,
      targetType: 'team_member',
      targetId: userId,
      teamId,
      before: member ? { ...member, user_id: userId } : null,
      after: row,
    });
  }
  for (const member of current) {
    if (!member.via_sso || wanted.has(member.team_id)) continue;
    if (member.role === 'admin') {
      const other = await trx
        .selectFrom('team_members')
        .select('user_id')
        .where('team_id', '=', member.team_id)
        .where('role', '=', 'admin')
        .where('user_id', '<>', userId)
        .executeTakeFirst();
      if (!other) {
        kept.push(member.team_id);
        continue;
      }
    }
    await trx.deleteFrom('team_members').where('team_id', '=', member.team_id).where('user_id', '=', userId).execute();
    await recordAudit(trx, actor, {
      action: 'team_member.removed',
      targetType: 'team_member',
      targetId: userId,
      teamId: member.team_id,
      before: { ...member, user_id: userId },
    });
  }
  return { kept };
}
