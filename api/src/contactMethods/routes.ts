import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { auditActor } from '../audit/record.js';
import { requireUser, userOf } from '../auth/currentUser.js';
import { operationDocs } from '../common/routeDocs.js';
import { errorResponses, IdParams, Message, TooManyRequests } from '../common/schema.js';
import { METHOD_TEST_WINDOW_MINUTES, METHOD_TESTS_PER_WINDOW, sendMethodTest } from './methodTests.js';
import { notificationRulesOf, replaceNotificationRules } from './rules.js';
import {
  ContactMethodCreate,
  ContactMethodPublic,
  ContactMethodsPublic,
  ContactMethodUpdate,
  ContactMethodWithSecret,
  NotificationRulesPublic,
  NotificationRulesUpdate,
  VerificationCode,
} from './schema.js';
import {
  type ContactMethodDeps,
  createContactMethod,
  deleteContactMethod,
  listContactMethods,
  readContactMethod,
  regenerateSecret,
  updateContactMethod,
} from './service.js';
import { CODE_MAX_ATTEMPTS, CODE_TTL_MINUTES, sendVerificationCode, verifyContactMethod } from './verification.js';

const { 400: e400, 401: e401, 404: e404, 409: e409, 422: e422 } = errorResponses;

const doc = operationDocs('contact-methods', 'contact_methods');

/**
 * /api/v1/users/me/contact-methods and /api/v1/users/me/notification-rules (docs/oncall/contact-methods.md):
 * each user manages only their own; another
 * user's method is a 404, as one that does not exist.
 */
export async function contactMethodRoutes(root: FastifyInstance, deps: ContactMethodDeps): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { db } = deps;

  app.get(
    '/contact-methods',
    {
      onRequest: requireUser,
      schema: { ...doc('read_contact_methods', 'List your contact methods'), response: { 200: ContactMethodsPublic, 401: e401 } },
    },
    async (request) => {
      const data = await listContactMethods(db, userOf(request).id);
      return { data, count: data.length };
    },
  );

  app.post(
    '/contact-methods',
    {
      onRequest: requireUser,
      schema: {
        ...doc(
          'create_contact_method',
          'Add a contact method (unverified until its code is entered)',
          "A webhook's signing secret is in this answer only (regenerate it to see a new one). 409 for a label you already use or past 20 methods.",
        ),
        body: ContactMethodCreate,
        response: { 200: ContactMethodWithSecret, 401: e401, 409: e409, 422: e422 },
      },
    },
    async (request) => createContactMethod(deps, auditActor(request), userOf(request).id, request.body),
  );

  app.get(
    '/contact-methods/:id',
    {
      onRequest: requireUser,
      schema: {
        ...doc('read_contact_method', 'Read one of your contact methods'),
        params: IdParams,
        response: { 200: ContactMethodPublic, 401: e401, 404: e404, 422: e422 },
      },
    },
    async (request) => readContactMethod(db, userOf(request).id, request.params.id),
  );

  app.patch(
    '/contact-methods/:id',
    {
      onRequest: requireUser,
      schema: {
        ...doc(
          'update_contact_method',
          'Change a contact method',
          'A new target or topic makes the method unverified until a new code is entered.',
        ),
        params: IdParams,
        body: ContactMethodUpdate,
        response: { 200: ContactMethodPublic, 401: e401, 404: e404, 409: e409, 422: e422 },
      },
    },
    async (request) => updateContactMethod(deps, auditActor(request), userOf(request).id, request.params.id, request.body),
  );

  app.delete(
    '/contact-methods/:id',
    {
      onRequest: requireUser,
      schema: {
        ...doc('delete_contact_method', 'Delete a contact method and the rules that name it'),
        params: IdParams,
        response: { 200: Message, 401: e401, 404: e404, 422: e422 },
      },
    },
    async (request) => {
      await deleteContactMethod(deps, auditActor(request), userOf(request).id, request.params.id);
      return { message: 'Contact method deleted' };
    },
  );

  app.post(
    '/contact-methods/:id/secret',
    {
      onRequest: requireUser,
      schema: {
        ...doc(
          'regenerate_contact_method_secret',
          "Replace a webhook's signing secret",
          'The new secret is in this answer only; the old one stops signing at once. 409 for other kinds.',
        ),
        params: IdParams,
        response: { 200: ContactMethodWithSecret, 401: e401, 404: e404, 409: e409, 422: e422 },
      },
    },
    async (request) => regenerateSecret(deps, auditActor(request), userOf(request).id, request.params.id),
  );

  app.post(
    '/contact-methods/:id/send-code',
    {
      onRequest: requireUser,
      schema: {
        ...doc(
          'send_contact_method_code',
          'Send a 6-digit verification code through the method itself',
          `The code works for ${CODE_TTL_MINUTES} minutes and voids the one before. The message is Vigil's own words: the code and the account it is for. ` +
            'One code per target (address or URL) every CONTACT_METHOD_CODE_COOLDOWN_SECONDS whoever asks, and CONTACT_METHOD_CODES_PER_DAY per user ' +
            "(deleted methods' codes count): 429 with Retry-After beyond, and nothing is sent. 409 once verified.",
        ),
        params: IdParams,
        response: { 202: Message, 401: e401, 404: e404, 409: e409, 422: e422, 429: TooManyRequests },
      },
    },
    async (request, reply) => {
      const answer = await sendVerificationCode(deps, userOf(request).id, request.params.id);
      return reply.code(202).send(answer);
    },
  );

  app.post(
    '/contact-methods/:id/test',
    {
      onRequest: requireUser,
      schema: {
        ...doc(
          'test_contact_method',
          'Send a test through a verified contact method',
          "Vigil's own words: a test from this Vigil for your account. Its outcome is the method's `last_test`. 409 for an unverified method; " +
            `past ${METHOD_TESTS_PER_WINDOW} tests in ${METHOD_TEST_WINDOW_MINUTES} minutes (across your methods), 429 with Retry-After, and nothing is sent.`,
        ),
        params: IdParams,
        response: { 202: Message, 401: e401, 404: e404, 409: e409, 422: e422, 429: TooManyRequests },
      },
    },
    async (request, reply) => reply.code(202).send(await sendMethodTest(deps, userOf(request).id, request.params.id)),
  );

  app.post(
    '/contact-methods/:id/verify',
    {
      onRequest: requireUser,
      schema: {
        ...doc(
          'verify_contact_method',
          'Verify a contact method with the code it received',
          `400 for a wrong, expired or used-up code; the ${CODE_MAX_ATTEMPTS}th wrong code voids it (send a new one). ` +
            'Past CONTACT_METHOD_CODE_ATTEMPTS_PER_HOUR wrong codes in an hour, by the user across their methods or for the target by anyone, ' +
            'every code is a 429 with Retry-After, not compared. 409 once verified.',
        ),
        params: IdParams,
        body: VerificationCode,
        response: { 200: ContactMethodPublic, 400: e400, 401: e401, 404: e404, 409: e409, 422: e422, 429: TooManyRequests },
      },
    },
    async (request) => verifyContactMethod(deps, auditActor(request), userOf(request).id, request.params.id, request.body.code),
  );

  app.get(
    '/notification-rules',
    {
      onRequest: requireUser,
      schema: {
        ...doc('read_notification_rules', 'Your notification rules, in order'),
        response: { 200: NotificationRulesPublic, 401: e401 },
      },
    },
    async (request) => {
      const rules = await notificationRulesOf(db, userOf(request).id);
      return { rules, count: rules.length };
    },
  );

  app.put(
    '/notification-rules',
    {
      onRequest: requireUser,
      schema: {
        ...doc(
          'replace_notification_rules',
          'Replace your notification rules with this ordered list',
          'Each rule names one of your contact methods and a delay (0 = at once). 422 naming the rule for a method that is not yours. An empty list: you are emailed at your account address at once.',
        ),
        body: NotificationRulesUpdate,
        response: { 200: NotificationRulesPublic, 401: e401, 422: e422 },
      },
    },
    async (request) => {
      const rules = await replaceNotificationRules(db, auditActor(request), userOf(request).id, request.body);
      return { rules, count: rules.length };
    },
  );
}
