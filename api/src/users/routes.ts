import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { AlertChangeFeed } from '../alerts/alertChanges.js';
import { auditActor, recordAudit } from '../audit/record.js';
import { requireSuperuser, requireUser, userOf } from '../auth/currentUser.js';
import { hashPassword, verifyPassword } from '../auth/passwords.js';
import { errorResponses, limitedErrorResponses, Message, PageQuery, pageOf } from '../common/schema.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { Mailer } from '../email/mailer.js';
import { newAccountEmail } from '../email/templates.js';
import { HttpError } from '../errors.js';
import type { SettingsStore } from '../settings/service.js';
import {
  DirectoryQuery,
  UpdatePassword,
  UserCreate,
  UserDirectory,
  UserIdParams,
  UserPublic,
  UserRegister,
  UsersPublic,
  UserUpdate,
  UserUpdateMe,
} from './schema.js';
import { createUser, deleteUser, getUserOr404, listDirectory, listUsers, toUserPublic, updateUser } from './service.js';

const secured = { security: [{ OAuth2PasswordBearer: [] }], tags: ['users'] };
const SELF_DELETE = 'Super users are not allowed to delete themselves';
export const SIGNUP_CLOSED = 'Sign-up is closed: ask an administrator for an account';

export interface UserRouteDeps {
  db: Db;
  mailer: Mailer;
  config: Config;
  /** A deleted user's open change streams end (users/service.ts deleteUser). */
  alertChanges: AlertChangeFeed;
  /** Whether an override has ended, when a user on call is deleted. */
  now: () => Date;
  /** Whether sign-up is open (a run-time setting). */
  settings: SettingsStore;
}

export async function userRoutes(root: FastifyInstance, deps: UserRouteDeps): Promise<void> {
  const app = root.withTypeProvider<TypeBoxTypeProvider>();
  const { db, mailer, config } = deps;
  const perMinute = (max: number) => ({ rateLimit: { max, timeWindow: '1 minute' } });

  app.get(
    '/',
    {
      onRequest: requireSuperuser,
      schema: { ...secured, operationId: 'users-read_users', querystring: PageQuery, response: { 200: UsersPublic, ...errorResponses } },
    },
    async (request) => {
      const { offset, limit } = pageOf(request.query);
      return listUsers(db, offset, limit);
    },
  );

  // On call is a team's shared knowledge: its members need each other's names, and its admins
  // pick them for rotations and policies. Only the people of the caller's teams are answered,
  // their email to superusers and the team's admins alone (service.ts).
  app.get(
    '/directory',
    {
      onRequest: requireUser,
      schema: {
        ...secured,
        operationId: 'users-read_directory',
        summary:
          "The names of the active people of the caller's teams, by name, a page at a time (team admins and superusers also see emails)",
        description:
          'For people pickers (`q`: part of a name) and for the names of the ids a page shows (`id`, repeated: deactivated users too).',
        querystring: DirectoryQuery,
        response: { 200: UserDirectory, ...errorResponses },
      },
    },
    async (request) => {
      const { offset, limit } = pageOf(request.query);
      const { q, id, team_id } = request.query;
      return listDirectory(db, userOf(request), { q, ids: id, team: team_id }, offset, limit);
    },
  );

  app.post(
    '/',
    {
      onRequest: requireSuperuser,
      schema: { ...secured, operationId: 'users-create_user', body: UserCreate, response: { 200: UserPublic, ...errorResponses } },
    },
    async (request) => {
      const { email, password, full_name, is_active, is_superuser } = request.body;
      const user = await createUser(db, auditActor(request), { email, password, full_name, is_active, is_superuser });
      // Tell the new user an account exists; the password is never emailed.
      mailer.send(newAccountEmail({ to: user.email, loginLink: `${config.frontendHost}/login` })).catch((err: unknown) => {
        request.log.error({ err }, 'new account email failed');
      });
      return toUserPublic(user);
    },
  );

  app.get(
    '/me',
    {
      onRequest: requireUser,
      schema: { ...secured, operationId: 'users-read_user_me', response: { 200: UserPublic, ...errorResponses } },
    },
    async (request) => toUserPublic(userOf(request)),
  );

  // The account itself (its email, password, existence) needs a session: a leaked API token
  // must not be able to take the account over (apiTokens/scopes.ts).
  app.patch(
    '/me',
    {
      onRequest: requireUser,
      config: { tokenScope: 'session' },
      schema: { ...secured, operationId: 'users-update_user_me', body: UserUpdateMe, response: { 200: UserPublic, ...errorResponses } },
    },
    async (request) => {
      // The profile only: never the role, activity or password, whatever else arrives.
      const { email, full_name } = request.body;
      return toUserPublic(await updateUser(db, auditActor(request), userOf(request), { email, full_name }));
    },
  );

  app.delete(
    '/me',
    {
      onRequest: requireUser,
      config: { tokenScope: 'session' },
      schema: { ...secured, operationId: 'users-delete_user_me', response: { 200: Message, ...errorResponses } },
    },
    async (request) => {
      const user = userOf(request);
      if (user.is_superuser) throw new HttpError(403, SELF_DELETE);
      await deleteUser(deps, auditActor(request), user.id);
      return { message: 'User deleted successfully' };
    },
  );

  app.patch(
    '/me/password',
    {
      onRequest: requireUser,
      // Two argon2 runs a call: limited per client address, as login is.
      config: { ...perMinute(config.rateLimit.passwordChange), tokenScope: 'session' },
      schema: {
        ...secured,
        operationId: 'users-update_password_me',
        body: UpdatePassword,
        response: { 200: Message, ...limitedErrorResponses },
      },
    },
    async (request) => {
      const user = userOf(request);
      const { current_password, new_password } = request.body;
      if (!(await verifyPassword(user.hashed_password, current_password))) throw new HttpError(400, 'Incorrect password');
      if (current_password === new_password) throw new HttpError(400, 'New password cannot be the same as the current one');
      // Other sessions end with the old password: token_version moves on.
      const hashed_password = await hashPassword(new_password);
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('users')
          .set({ hashed_password, token_version: sql<number>`token_version + 1` })
          .where('id', '=', user.id)
          .execute();
        const changed = { id: user.id, password_changed: true };
        await recordAudit(trx, auditActor(request), {
          action: 'user.password_changed',
          targetType: 'user',
          targetId: user.id,
          after: changed,
        });
      });
      return { message: 'Password updated successfully' };
    },
  );

  app.post(
    '/signup',
    {
      // Public and an argon2 hash each: limited per client address.
      config: perMinute(config.rateLimit.signup),
      // Closed sign-up refuses before the body is read, validated or hashed.
      onRequest: async () => {
        if (!(await deps.settings.read()).signupOpen) throw new HttpError(403, SIGNUP_CLOSED);
      },
      schema: {
        tags: ['users'],
        operationId: 'users-register_user',
        description: 'Public while sign-up is open (GET /settings/public); closed, a 403 before the body is read.',
        body: UserRegister,
        response: { 200: UserPublic, ...limitedErrorResponses },
      },
    },
    async (request) => {
      // Open registration: new users are active and never superusers, whatever the body says.
      const { email, password, full_name } = request.body;
      return toUserPublic(
        await createUser(db, auditActor(request), { email, password, full_name, is_active: true, is_superuser: false }, 'user.signed_up'),
      );
    },
  );

  app.get(
    '/:user_id',
    {
      onRequest: requireUser,
      schema: { ...secured, operationId: 'users-read_user_by_id', params: UserIdParams, response: { 200: UserPublic, ...errorResponses } },
    },
    async (request) => {
      const me = userOf(request);
      if (request.params.user_id === me.id) return toUserPublic(me);
      if (!me.is_superuser) throw new HttpError(403, "The user doesn't have enough privileges");
      return toUserPublic(await getUserOr404(db, request.params.user_id));
    },
  );

  app.patch(
    '/:user_id',
    {
      onRequest: requireSuperuser,
      schema: {
        ...secured,
        operationId: 'users-update_user',
        params: UserIdParams,
        body: UserUpdate,
        response: { 200: UserPublic, ...errorResponses },
      },
    },
    async (request) => {
      const me = userOf(request);
      const user = await getUserOr404(db, request.params.user_id);
      const { email, full_name, password, is_active, is_superuser } = request.body;
      // The console disables editing one's own row; the server keeps an admin from locking themself out.
      if (user.id === me.id && (is_superuser === false || is_active === false)) {
        throw new HttpError(403, 'Super users are not allowed to demote or deactivate themselves');
      }
      return toUserPublic(await updateUser(db, auditActor(request), user, { email, full_name, password, is_active, is_superuser }));
    },
  );

  app.delete(
    '/:user_id',
    {
      onRequest: requireSuperuser,
      schema: { ...secured, operationId: 'users-delete_user', params: UserIdParams, response: { 200: Message, ...errorResponses } },
    },
    async (request) => {
      const me = userOf(request);
      const user = await getUserOr404(db, request.params.user_id);
      if (user.id === me.id) throw new HttpError(403, SELF_DELETE);
      await deleteUser(deps, auditActor(request), user.id);
      return { message: 'User deleted successfully' };
    },
  );
}
