import { sql } from 'kysely';
import { recordAudit } from '../../audit/record.js';
import type { EscalationLevel } from '../../db/schema.js';
import { EscalationPolicyCreate } from '../../escalationPolicies/schema.js';
import { checkPolicyAllowance, storedLevels } from '../../escalationPolicies/service.js';
import { checkTeamMembers } from '../../schedules/validation.js';
import { ImportFailure, type SourceEscalation } from '../model.js';
import { imported, teamId, userId, type Writer } from '../run.js';
import { checkBody } from './bodies.js';

// An escalation (Opsgenie) or escalation chain (OnCall) as an escalation policy, as POST
// /escalation-policies/ would take it: its levels reach the team's people and schedules.

export interface EscalationDesired {
  name: string;
  description: string | null;
  team_id: string;
  repeat: number;
  first_level_after_minutes: number;
  levels: EscalationLevel[];
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

export function escalationWriter(e: SourceEscalation): Writer<EscalationDesired> {
  return {
    kind: 'escalation',
    table: 'escalation_policies',
    desired(run) {
      const team_id = teamId(run, e.teamRef);
      const levels = e.levels.map((level) => ({
        delay_minutes: level.delayMinutes,
        targets: {
          user_ids: [...new Set(level.emails.map((email) => userId(run, email)))],
          schedule_ids: level.scheduleRefs.map((ref) => {
            const schedule = imported(run, run.schedules, 'schedule', ref);
            if (schedule.teamId !== team_id) throw new ImportFailure(`schedule "${schedule.name}" belongs to another team`);
            return schedule.id;
          }),
        },
      }));
      const body = {
        name: e.name,
        description: e.description,
        team_id,
        repeat: e.repeat,
        first_level_after_minutes: e.firstLevelAfterMinutes,
        levels,
      };
      checkBody(EscalationPolicyCreate, body);
      return { ...body, levels: storedLevels(levels) };
    },
    async create(trx, run, d) {
      await checkTeamMembers(
        trx,
        d.team_id,
        d.levels.flatMap((l) => l.targets.user_ids.map((id) => ({ id, loc: ['user'] }))),
      );
      await checkPolicyAllowance(trx, run.owner.id);
      const row = await trx
        .insertInto('escalation_policies')
        .values({ ...d, owner_id: run.owner.id, max_level: null, levels: JSON.stringify(d.levels) })
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, run.actor, {
        action: 'escalation_policy.created',
        targetType: 'escalation_policy',
        targetId: row.id,
        teamId: row.team_id,
        after: row,
      });
      return { id: row.id, detail: detailOf(d) };
    },
    async update(trx, run, id, d) {
      const before = await trx.selectFrom('escalation_policies').selectAll().where('id', '=', id).forUpdate().executeTakeFirstOrThrow();
      if (before.team_id !== d.team_id) {
        throw new ImportFailure(
          'its team changed at the vendor; Vigil moves no policy between teams: delete it in Vigil to import it anew',
        );
      }
      await checkTeamMembers(
        trx,
        d.team_id,
        d.levels.flatMap((l) => l.targets.user_ids.map((uid) => ({ id: uid, loc: ['user'] }))),
      );
      const after = await trx
        .updateTable('escalation_policies')
        .set({
          name: d.name,
          description: d.description,
          repeat: d.repeat,
          first_level_after_minutes: d.first_level_after_minutes,
          levels: JSON.stringify(d.levels),
          updated_at: sql<Date>`clock_timestamp()`,
        })
        .where('id', '=', id)
        .returningAll()
        .executeTakeFirstOrThrow();
      await recordAudit(trx, run.actor, {
        action: 'escalation_policy.updated',
        targetType: 'escalation_policy',
        targetId: id,
        teamId: d.team_id,
        before,
        after,
      });
      return { id, detail: detailOf(d) };
    },
  };
}

const detailOf = (d: EscalationDesired) =>
  `${plural(d.levels.length, 'level')}${d.repeat > 0 ? `, repeated ${d.repeat} time${d.repeat === 1 ? '' : 's'}` : ''}`;
