import formbody from '@fastify/formbody';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { auditActor } from '../audit/record.js';
import { errorResponses, limitedErrorResponses, Message } from '../common/schema.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { Mailer } from '../email/mailer.js';
import { HttpError } from '../errors.js';
import { onRefusedSignIn } from '../sso/refusals.js';
import { UserPublic } from '../users/schema.js';
import { findUserByEmail, toUserPublic } from '../users/service.js';
import { requireSuperuser, requireUser, userOf } from './currentUser.js';
import { EmailParams, LoginForm, NewPassword, Token } from './schema.js';
import { authenticate, createRecoveryEmail, previewRecoveryEmail, resetPassword } from './service.js';
import type { TokenSigner } from './tokens.js';

const RECOVERY_SENT = 'Password recovery email sent';
export const passwordLoginOff = (providerName: string) => `Password login is turned off: sign in with ${providerName}`;

export interface AuthRouteDeps {
  db: Db;
  tokens: TokenSigner;
  mailer: Mailer;
  config: Config;
}

export async function authRoutes(root: FastifyInstance, deps: AuthRouteDeps): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { db, tokens, mailer, config } = deps;
  const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

  // The OAuth2 password form is the one form-encoded body (as FastAPI's OAuth2PasswordRequestForm):
  // its parser is registered in this scope only, so a form sent to any JSON route is a 415.
  await app.register(async (scope) => {
    const form = scope.withTypeProvider<TypeBoxTypeProvider>();
    await form.register(formbody);
    form.post(
      '/login/access-token',
      {
        config: perMinute(config.rateLimit.login),
        schema: {
          tags: ['login'],
          operationId: 'login-login_access_token',
          consumes: ['application/x-www-form-urlencoded'],
          body: LoginForm,
          response: { 200: Token, ...limitedErrorResponses },
        },
      },
      async (request) => {
        const user = await authenticate(db, auditActor(request), request.body.username, request.body.password);
        // After the password check: only someone who knows the password learns the account is not a superuser's.
        if (config.oidc?.passwordLoginSuperusersOnly && !user.is_superuser) {
          await onRefusedSignIn(db, request.log, {
            reason: 'password_login_off',
            method: 'password',
            userId: user.id,
            email: user.email,
            ip: request.ip,
          });
          throw new HttpError(403, passwordLoginOff(config.oidc.providerName));
        }
        return { access_token: await tokens.sign({ userId: user.id, version: user.token_version }), token_type: 'bearer' as const };
      },
    );
  });

  app.post(
    '/login/test-token',
    {
      onRequest: requireUser,
      // Only tells who the credential names: any API token may ask.
      config: { tokenScope: 'read' },
      schema: {
        tags: ['login'],
        operationId: 'login-test_token',
        security: [{ OAuth2PasswordBearer: [] }],
        response: { 200: UserPublic, ...errorResponses },
      },
    },
    async (request) => toUserPublic(userOf(request)),
  );

  app.post(
    '/password-recovery/:email',
    {
      config: perMinute(config.rateLimit.passwordRecovery),
      schema: {
        tags: ['login'],
        operationId: 'login-recover_password',
        params: EmailParams,
        response: { 200: Message, ...limitedErrorResponses },
      },
    },
    async (request) => {
      // The same answer, at the same speed, whether or not the account exists: the mail goes out after we answer.
      const user = await findUserByEmail(db, request.params.email);
      if (user?.is_active) {
        const email = await createRecoveryEmail(db, config, user);
        mailer.send(email).catch((err: unknown) => request.log.error({ err }, 'password recovery email failed'));
      }
      return { message: RECOVERY_SENT };
    },
  );

  app.post(
    '/reset-password/',
    {
      config: perMinute(config.rateLimit.passwordRecovery),
      schema: {
        tags: ['login'],
        operationId: 'login-reset_password',
        body: NewPassword,
        response: { 200: Message, ...limitedErrorResponses },
      },
    },
    async (request) => {
      await resetPassword(db, auditActor(request), request.body.token, request.body.new_password);
      return { message: 'Password updated successfully' };
    },
  );

  app.post(
    '/password-recovery-html-content/:email',
    {
      onRequest: requireSuperuser,
      schema: {
        tags: ['login'],
        operationId: 'login-recover_password_html_content',
        security: [{ OAuth2PasswordBearer: [] }],
        params: EmailParams,
        response: {
          200: { description: 'The HTML of the recovery email', content: { 'text/html': { schema: Type.String() } } },
          ...errorResponses,
        },
      },
    },
    async (request, reply) => {
      const user = await findUserByEmail(db, request.params.email);
      if (!user) throw new HttpError(404, 'User not found');
      const email = previewRecoveryEmail(config, user);
      return reply.type('text/html; charset=utf-8').header('x-email-subject', encodeURIComponent(email.subject)).send(email.html);
    },
  );
}
