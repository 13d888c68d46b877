import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { auditActor } from '../audit/record.js';
import { requireUser, userOf } from '../auth/currentUser.js';
import { changeErrors, limitedChangeErrors, listErrors, operationDocs, readErrors } from '../common/routeDocs.js';
import { IdParams, Message, pageOf } from '../common/schema.js';
import type { ContactDeps } from '../contacts/service.js';
import {
  EscalationPoliciesPublic,
  EscalationPolicyCreate,
  EscalationPolicyPublic,
  EscalationPolicyUpdate,
  PolicyListQuery,
} from './schema.js';
import { createPolicy, deletePolicy, getPolicy, listPolicies, updatePolicy } from './service.js';

const doc = operationDocs('escalation-policies', 'escalation_policies');

/**
 * /api/v1/escalation-policies (docs/oncall/escalation-policies.md): every call needs a
 * login; every signed-in user reads, the owner or a superuser changes (service.ts).
 */
export async function escalationPolicyRoutes(app: FastifyInstance, deps: ContactDeps): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = deps;

  api.get(
    '/',
    {
      onRequest: requireUser,
      schema: {
        ...doc('read_escalation_policies', "List the escalation policies of the caller's teams, by name (a superuser: all)"),
        description:
          "Each level's external addresses are answered to the admins of the policy's team and superusers; other members get `emails: []` and `hidden_email_count`.",
        querystring: PolicyListQuery,
        response: { 200: EscalationPoliciesPublic, ...listErrors },
      },
    },
    async (request) => {
      const { offset, limit } = pageOf(request.query);
      return listPolicies(db, userOf(request), offset, limit, request.query.team_id);
    },
  );

  api.post(
    '/',
    {
      onRequest: requireUser,
      schema: {
        ...doc('create_escalation_policy', 'Create an escalation policy owned by the caller'),
        description:
          'Each level reaches its users, whoever is on call in its schedules when the level is reached, and its addresses once they confirm. ' +
          "Unknown user or schedule ids are a 422 at their place; past 100 policies of the caller's own, a 422 at `body`.",
        body: EscalationPolicyCreate,
        response: { 200: EscalationPolicyPublic, ...listErrors },
      },
    },
    async (request) => createPolicy(db, auditActor(request), userOf(request), request.body),
  );

  api.get(
    '/:id',
    {
      onRequest: requireUser,
      schema: {
        ...doc('read_escalation_policy', 'Read an escalation policy (its addresses: owner or superuser)'),
        params: IdParams,
        response: { 200: EscalationPolicyPublic, ...readErrors },
      },
    },
    async (request) => getPolicy(db, userOf(request), request.params.id),
  );

  api.patch(
    '/:id',
    {
      onRequest: requireUser,
      schema: {
        ...doc('update_escalation_policy', 'Change an escalation policy (owner or superuser); `levels`, when given, replaces them all'),
        description:
          'New addresses are asked to confirm on behalf of the owners of the integrations using it. Alerts waiting for the timer keep their time.',
        params: IdParams,
        body: EscalationPolicyUpdate,
        response: { 200: EscalationPolicyPublic, ...changeErrors },
      },
    },
    async (request) => updatePolicy(deps, auditActor(request), userOf(request), request.params.id, request.body),
  );

  api.delete(
    '/:id',
    {
      onRequest: requireUser,
      schema: {
        ...doc('delete_escalation_policy', 'Delete an escalation policy (owner or superuser); 409 while an integration uses it'),
        params: IdParams,
        response: { 200: Message, ...limitedChangeErrors },
      },
    },
    async (request) => {
      await deletePolicy(db, auditActor(request), userOf(request), request.params.id);
      return { message: 'Escalation policy deleted successfully' };
    },
  );
}
