import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { auditActor } from '../audit/record.js';
import { requireUser, userOf } from '../auth/currentUser.js';
import { changeErrors, operationDocs, readErrors } from '../common/routeDocs.js';
import { IdParams, PageQuery, pageOf } from '../common/schema.js';
import { getOwnedIntegration } from '../integrations/service.js';
import { DROPS_KEPT, DROPS_KEPT_DAYS, listDrops } from './drops.js';
import { testRules } from './ruleTest.js';
import {
  ROUTING_RULES_MAX,
  ROUTING_TEST_DEFAULT,
  RoutingDropsPublic,
  RoutingRulesPublic,
  RoutingRulesUpdate,
  RoutingTestAnswer,
  RoutingTestRequest,
} from './schema.js';
import { type RoutingDeps, replaceRules, rulesOf } from './service.js';

const doc = operationDocs('integrations', 'integrations');

const RULES =
  'Rules run in order on every trigger: a matching `severity` rule sets the severity and evaluation goes on; the first matching ' +
  "`route` (to a policy of the integration's team) or `drop` rule ends it; none: the integration's policy. Acknowledges and " +
  'resolves are never routed nor dropped. See docs/oncall/routing.md.';

/**
 * /api/v1/integration/{id}/routing-rules…: an integration's routing rules, read by its team's
 * members and replaced by its admins or a superuser (anyone else: 404 Integration not found),
 * tried on its last alerts, and the events they dropped (docs/oncall/routing.md).
 */
export async function routingRoutes(app: FastifyInstance, deps: RoutingDeps): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = deps;

  api.get(
    '/:id/routing-rules',
    {
      onRequest: requireUser,
      schema: {
        ...doc('read_routing_rules', "An integration's routing rules, in order (its team's members)", RULES),
        params: IdParams,
        response: { 200: RoutingRulesPublic, ...readErrors },
      },
    },
    async (request) => {
      const integration = await getOwnedIntegration(db, userOf(request), request.params.id);
      const data = await rulesOf(db, integration.id);
      return { data, count: data.length };
    },
  );

  api.put(
    '/:id/routing-rules',
    {
      onRequest: requireUser,
      schema: {
        ...doc(
          'replace_routing_rules',
          "Replace an integration's routing rules with this ordered list (team admins or a superuser)",
          `${RULES} One transaction: the next body ingested sees the whole new list. A rule with the \`id\` of a saved one changes it; ` +
            `without, a new one; a saved rule left out is deleted. At most ${ROUTING_RULES_MAX} rules. A regular expression that does not ` +
            'compile, a policy of another team, an action without its value: 422 naming the rule ("rule 2 (\\"Drop staging\\"): …").',
        ),
        params: IdParams,
        body: RoutingRulesUpdate,
        response: { 200: RoutingRulesPublic, ...changeErrors },
      },
    },
    async (request) => {
      const data = await replaceRules(deps, auditActor(request), userOf(request), request.params.id, request.body);
      return { data, count: data.length };
    },
  );

  api.post(
    '/:id/routing-rules/test',
    {
      onRequest: requireUser,
      // It changes nothing: a read.
      config: { tokenScope: 'read' },
      schema: {
        ...doc(
          'test_routing_rules',
          "Try routing rules on the integration's newest alerts and a sample event (its team's members); changes nothing",
          `The rules given (absent: the saved ones) are checked as a save checks them. Each alert (the newest \`limit\`, ${ROUTING_TEST_DEFAULT} ` +
            'by default, as stored: its labels, title and severity) and the sample event (first) is answered with the rule that ended the ' +
            'evaluation, every rule that matched, the outcome, the policy it would escalate by and its severity.',
        ),
        params: IdParams,
        body: RoutingTestRequest,
        response: { 200: RoutingTestAnswer, ...readErrors },
      },
    },
    async (request) => {
      const data = await testRules(db, userOf(request), request.params.id, request.body);
      return { data, count: data.length };
    },
  );

  api.get(
    '/:id/routing-drops',
    {
      onRequest: requireUser,
      schema: {
        ...doc(
          'read_routing_drops',
          "The events routing rules dropped, newest first (its team's members)",
          `The newest ${DROPS_KEPT} of the last ${DROPS_KEPT_DAYS} days; older ones are deleted.`,
        ),
        params: IdParams,
        querystring: PageQuery,
        response: { 200: RoutingDropsPublic, ...readErrors },
      },
    },
    async (request) => {
      const integration = await getOwnedIntegration(db, userOf(request), request.params.id);
      const { offset, limit } = pageOf(request.query);
      return listDrops(db, integration.id, offset, limit, deps.now());
    },
  );
}
