import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { auditActor } from '../audit/record.js';
import { requireSuperuser } from '../auth/currentUser.js';
import { changeErrors, limitedChangeErrors, operationDocs, readErrors } from '../common/routeDocs.js';
import { IdParams, Message, Uuid } from '../common/schema.js';
import type { Db } from '../db/database.js';
import { TeamRole } from '../teams/schema.js';
import { createGroupRule, deleteGroupRule, listGroupRules } from './groupRules.js';

const doc = operationDocs('sso', 'sso');

const GroupRule = Type.Object(
  {
    id: Uuid,
    group_name: Type.String(),
    team_id: Uuid,
    team_name: Type.String(),
    role: TeamRole,
    created_at: Type.String({ format: 'date-time' }),
  },
  { title: 'SsoGroupRule' },
);
const GroupRules = Type.Object({ data: Type.Array(GroupRule), count: Type.Integer() }, { title: 'SsoGroupRules' });
const GroupRuleCreate = Type.Object(
  { group_name: Type.String({ minLength: 1, maxLength: 255, pattern: '\\S' }), team_id: Uuid, role: TeamRole },
  { title: 'SsoGroupRuleCreate', additionalProperties: false },
);
const GroupRuleCreated = Type.Object(
  { id: Uuid, group_name: Type.String(), team_id: Uuid, role: TeamRole, created_at: Type.String({ format: 'date-time' }) },
  { title: 'SsoGroupRuleCreated' },
);

/** /api/v1/sso/group-rules (superusers): which provider group gives which team membership (docs/api/single-sign-on.md). */
export async function ssoGroupRuleRoutes(app: FastifyInstance, deps: { db: Db }): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  api.get(
    '/group-rules',
    {
      onRequest: requireSuperuser,
      schema: { ...doc('read_group_rules', 'The group rules, by group (superusers)'), response: { 200: GroupRules, ...readErrors } },
    },
    async () => listGroupRules(deps.db),
  );
  api.post(
    '/group-rules',
    {
      onRequest: requireSuperuser,
      schema: {
        ...doc('create_group_rule', "A provider group gives a team membership with a role, from each member's next sign-in (superusers)"),
        body: GroupRuleCreate,
        response: { 200: GroupRuleCreated, ...limitedChangeErrors },
      },
    },
    async (request) => {
      const rule = await createGroupRule(deps.db, auditActor(request), request.body);
      return { ...rule, created_at: rule.created_at.toISOString() };
    },
  );
  api.delete(
    '/group-rules/:id',
    {
      onRequest: requireSuperuser,
      schema: {
        ...doc('delete_group_rule', "Delete a group rule; the memberships it made go at each member's next sign-in (superusers)"),
        params: IdParams,
        response: { 200: Message, ...changeErrors },
      },
    },
    async (request) => {
      await deleteGroupRule(deps.db, auditActor(request), request.params.id);
      return { message: 'Group rule deleted' };
    },
  );
}
