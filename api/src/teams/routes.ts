import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { auditActor } from '../audit/record.js';
import { requireSuperuser, requireUser, userOf } from '../auth/currentUser.js';
import { changeErrors, limitedChangeErrors, listErrors, operationDocs, readErrors } from '../common/routeDocs.js';
import { errorResponses, IdParams, Message, pageOf, TooManyRequests } from '../common/schema.js';
import type { Config } from '../config.js';
import type { Db } from '../db/database.js';
import type { Mailer } from '../email/mailer.js';
import { UserPublic } from '../users/schema.js';
import { toUserPublic } from '../users/service.js';
import { acceptInvite, createInvite, listInvites, lookUpInvite, revokeInvite, signUpWithInvite } from './invites.js';
import { addMemberAsSuperuser, changeRole, removeMember } from './members.js';
import {
  InviteCreate,
  InviteCreated,
  InviteLookup,
  InviteParams,
  InviteSignup,
  InvitesPublic,
  InviteTokenBody,
  MemberAdd,
  MemberParams,
  MemberUpdate,
  TeamCreate,
  TeamDetail,
  TeamListQuery,
  TeamsPublic,
  TeamUpdate,
} from './schema.js';
import { createTeam, deleteTeam, getTeam, listTeams, updateTeam } from './service.js';

const doc = operationDocs('teams', 'teams');

export interface TeamRouteDeps {
  db: Db;
  config: Config;
  mailer: Mailer;
  now: () => Date;
}

/** /api/v1/teams (docs/api/teams.md): teams, their members and roles, and invitations. */
export async function teamRoutes(app: FastifyInstance, deps: TeamRouteDeps): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { db, now } = deps;

  api.get(
    '/',
    {
      onRequest: requireUser,
      schema: {
        ...doc('read_teams', "List the caller's teams by name (a superuser: every team)"),
        querystring: TeamListQuery,
        response: { 200: TeamsPublic, ...listErrors },
      },
    },
    async (request) => {
      const { offset, limit } = pageOf(request.query);
      return listTeams(db, userOf(request), offset, limit, request.query.q);
    },
  );

  api.post(
    '/',
    {
      onRequest: requireUser,
      schema: {
        ...doc('create_team', 'Create a team; the caller is its admin'),
        body: TeamCreate,
        response: { 200: TeamDetail, ...listErrors },
      },
    },
    async (request) => createTeam(db, auditActor(request), userOf(request), request.body),
  );

  api.get(
    '/:id',
    {
      onRequest: requireUser,
      schema: {
        ...doc('read_team', 'Read a team and its members (a member or a superuser; emails to its admins and superusers)'),
        params: IdParams,
        response: { 200: TeamDetail, ...readErrors },
      },
    },
    async (request) => getTeam(db, userOf(request), request.params.id),
  );

  api.patch(
    '/:id',
    {
      onRequest: requireUser,
      schema: {
        ...doc('update_team', 'Rename a team or change its description (its admins or a superuser)'),
        params: IdParams,
        body: TeamUpdate,
        response: { 200: TeamDetail, ...changeErrors },
      },
    },
    async (request) => updateTeam(db, auditActor(request), userOf(request), request.params.id, request.body),
  );

  api.delete(
    '/:id',
    {
      onRequest: requireUser,
      schema: {
        ...doc(
          'delete_team',
          'Delete a team that owns no integration, policy or schedule (its admins or a superuser); its alerts go with it',
        ),
        params: IdParams,
        response: { 200: Message, ...limitedChangeErrors },
      },
    },
    async (request) => {
      await deleteTeam(db, auditActor(request), userOf(request), request.params.id);
      return { message: 'Team deleted successfully' };
    },
  );

  api.post(
    '/:id/members',
    {
      onRequest: requireSuperuser,
      schema: {
        ...doc('add_team_member', 'Add any user to a team with a role (superusers; team admins invite by email)'),
        params: IdParams,
        body: MemberAdd,
        response: { 200: TeamDetail, ...limitedChangeErrors },
      },
    },
    async (request) => {
      await addMemberAsSuperuser(db, auditActor(request), request.params.id, request.body.user_id, request.body.role);
      return getTeam(db, userOf(request), request.params.id);
    },
  );

  api.patch(
    '/:id/members/:user_id',
    {
      onRequest: requireUser,
      schema: {
        ...doc('update_team_member', "Change a member's role (the team's admins or a superuser); the last admin stays admin (409)"),
        params: MemberParams,
        body: MemberUpdate,
        response: { 200: TeamDetail, ...limitedChangeErrors },
      },
    },
    async (request) => {
      const user = userOf(request);
      await changeRole(db, auditActor(request), user, request.params.id, request.params.user_id, request.body.role);
      return getTeam(db, user, request.params.id);
    },
  );

  api.delete(
    '/:id/members/:user_id',
    {
      onRequest: requireUser,
      schema: {
        ...doc(
          'remove_team_member',
          "Remove a member (the team's admins or a superuser), or leave (the member themself)",
          "409 for the last admin, and while the team's schedules or escalation policies still page the member (named in the detail).",
        ),
        params: MemberParams,
        response: { 200: Message, ...limitedChangeErrors },
      },
    },
    async (request) => {
      await removeMember(db, auditActor(request), userOf(request), request.params.id, request.params.user_id, now());
      return { message: 'Member removed successfully' };
    },
  );

  api.post(
    '/:id/invites',
    {
      onRequest: requireUser,
      schema: {
        ...doc(
          'create_team_invite',
          'Invite an email address to the team with a role (its admins or a superuser)',
          `The link works for 7 days, once; answered this once as \`invite_url\`.`,
        ),
        params: IdParams,
        body: InviteCreate,
        response: { 200: InviteCreated, ...limitedChangeErrors },
      },
    },
    async (request) =>
      createInvite(
        { ...deps, log: request.log },
        auditActor(request),
        userOf(request),
        request.params.id,
        request.body.email,
        request.body.role,
      ),
  );

  api.get(
    '/:id/invites',
    {
      onRequest: requireUser,
      schema: {
        ...doc('read_team_invites', "The team's pending invitations (its admins or a superuser)"),
        params: IdParams,
        response: { 200: InvitesPublic, ...changeErrors },
      },
    },
    async (request) => listInvites(db, userOf(request), request.params.id, now()),
  );

  api.delete(
    '/:id/invites/:invite_id',
    {
      onRequest: requireUser,
      schema: {
        ...doc('revoke_team_invite', 'Revoke a pending invitation (its admins or a superuser)'),
        params: InviteParams,
        response: { 200: Message, ...changeErrors },
      },
    },
    async (request) => {
      await revokeInvite(db, auditActor(request), userOf(request), request.params.id, request.params.invite_id);
      return { message: 'Invitation revoked' };
    },
  );

  // The link's own calls: the token is the credential, so they are limited per client address.
  const perMinute = { rateLimit: { max: deps.config.rateLimit.signup, timeWindow: '1 minute' } };
  api.post(
    '/invites/lookup',
    {
      config: perMinute,
      schema: {
        tags: ['teams'],
        operationId: 'teams-look_up_invite',
        summary: "What an invitation link offers: the team, the address, the role (public: the link's token is the credential)",
        body: InviteTokenBody,
        response: { 200: InviteLookup, 404: errorResponses[404], 422: errorResponses[422], 429: TooManyRequests },
      },
    },
    async (request) => lookUpInvite(db, request.body.token, now()),
  );

  api.post(
    '/invites/accept',
    {
      onRequest: requireUser,
      // An invitation is for a person: accepted in their session, never by an API token.
      config: { ...perMinute, tokenScope: 'session' },
      schema: {
        ...doc('accept_invite', "Join the team of an invitation sent to the caller's address"),
        body: InviteTokenBody,
        response: { 200: TeamDetail, ...limitedChangeErrors },
      },
    },
    async (request) => {
      const user = userOf(request);
      return getTeam(db, user, await acceptInvite(db, auditActor(request), user, request.body.token, now()));
    },
  );

  api.post(
    '/invites/signup',
    {
      config: perMinute,
      schema: {
        tags: ['teams'],
        operationId: 'teams-sign_up_with_invite',
        summary: "Create an account with an invitation's address and join its team (works while open sign-up is off)",
        body: InviteSignup,
        response: { 200: UserPublic, 404: errorResponses[404], 409: errorResponses[409], 422: errorResponses[422], 429: TooManyRequests },
      },
    },
    async (request) => toUserPublic(await signUpWithInvite(db, auditActor(request), request.body, now())),
  );
}
