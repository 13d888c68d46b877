import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { requireUser, userOf } from '../auth/currentUser.js';
import { operationDocs, readErrors } from '../common/routeDocs.js';
import { IdParams } from '../common/schema.js';
import { notFound } from '../errors.js';
import { getSchedule } from '../schedules/service.js';
import { inTeamsOf } from '../teams/access.js';
import { peopleOfPolicy, peopleOfSchedules } from './people.js';
import { type ReachabilityDeps, reachabilityOf } from './report.js';
import { Reachability } from './schema.js';

const policyDoc = operationDocs('escalation-policies', 'escalation_policies');
const scheduleDoc = operationDocs('schedules', 'schedules');

const WHO =
  'Wakeable: a verified SMS, voice call or ntfy method that a notification rule uses (SMS and voice only while a provider sends them). ' +
  'Email, webhooks and Slack-compatible posts do not wake anyone. Those who cannot be woken come first, with why.';

/**
 * GET /api/v1/escalation-policies/:id/reachability and /api/v1/schedules/:id/reachability: who
 * a policy or schedule can reach and whether an alert would wake each (wakeable.ts). Read by
 * whoever reads the policy or schedule (its team's members, superusers); 404 for anyone else.
 */
export async function reachabilityRoutes(app: FastifyInstance, deps: ReachabilityDeps): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = deps;

  api.get(
    '/escalation-policies/:id/reachability',
    {
      onRequest: requireUser,
      schema: {
        ...policyDoc('read_policy_reachability', 'Who the policy reaches, through its levels and schedules, and whether each can be woken'),
        description: `Everyone its levels name, and every member of its schedules' rotations and current or future overrides. ${WHO}`,
        params: IdParams,
        response: { 200: Reachability, ...readErrors },
      },
    },
    async (request) => {
      const policy = await db
        .selectFrom('escalation_policies')
        .select('levels')
        .where('id', '=', request.params.id)
        .where(inTeamsOf(userOf(request), 'team_id'))
        .executeTakeFirst();
      if (!policy) throw notFound('Escalation policy');
      return reachabilityOf(deps, await peopleOfPolicy(db, policy.levels, deps.now()));
    },
  );

  api.get(
    '/schedules/:id/reachability',
    {
      onRequest: requireUser,
      schema: {
        ...scheduleDoc('read_schedule_reachability', 'Who the schedule can put on call, and whether each can be woken'),
        description: `Every member of its rotations and of its current or future overrides. ${WHO}`,
        params: IdParams,
        response: { 200: Reachability, ...readErrors },
      },
    },
    async (request) => {
      const schedule = await getSchedule(db, userOf(request), request.params.id);
      return reachabilityOf(deps, await peopleOfSchedules(db, [schedule.id], deps.now()));
    },
  );
}
