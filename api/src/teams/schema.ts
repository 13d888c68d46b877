import { type Static, Type } from 'typebox';
import { OptionalText, PageQuery, Uuid } from '../common/schema.js';
import { TEAM_ROLES } from '../db/schema.js';
import { Email, Password } from '../users/schema.js';

export const TEAM_NAME_MAX = 200;
export const TEAM_DESCRIPTION_MAX = 2000;
/** Teams one user may create (superusers aside): a company needs a few dozen, not thousands. */
export const TEAMS_PER_USER_MAX = 20;
/** Members of one team at most, and its pending invitations at most. */
export const MEMBERS_PER_TEAM_MAX = 500;
export const PENDING_INVITES_PER_TEAM_MAX = 100;
/** How long an invitation's link works. */
export const INVITE_DAYS = 7;

export const TeamRole = Type.Enum([...TEAM_ROLES], {
  title: 'TeamRole',
  description: 'admin: the team, its members and all it owns; responder: acts on its alerts; observer: reads',
});
const DateTime = Type.String({ format: 'date-time' });
const Name = Type.String({ minLength: 1, maxLength: TEAM_NAME_MAX, pattern: '\\S' });

export const TeamPublic = Type.Object(
  {
    id: Uuid,
    name: Type.String(),
    description: Type.Union([Type.String(), Type.Null()]),
    /** The caller's role in it; null for a superuser who is not a member. */
    my_role: Type.Union([TeamRole, Type.Null()]),
    member_count: Type.Integer(),
    created_at: DateTime,
  },
  { title: 'TeamPublic' },
);
export type TeamPublic = Static<typeof TeamPublic>;

export const TeamsPublic = Type.Object({ data: Type.Array(TeamPublic), count: Type.Integer() }, { title: 'TeamsPublic' });

export const TeamMemberPublic = Type.Object(
  {
    user_id: Uuid,
    full_name: Type.Union([Type.String(), Type.Null()]),
    /** Answered to the team's admins and superusers only. */
    email: Type.Optional(Type.String()),
    is_active: Type.Boolean(),
    role: TeamRole,
    joined_at: DateTime,
  },
  { title: 'TeamMemberPublic' },
);

export const TeamDetail = Type.Object({ ...TeamPublic.properties, members: Type.Array(TeamMemberPublic) }, { title: 'TeamDetail' });
export type TeamDetail = Static<typeof TeamDetail>;

export const TeamCreate = Type.Object(
  { name: Name, description: OptionalText(TEAM_DESCRIPTION_MAX) },
  { title: 'TeamCreate', additionalProperties: false },
);
export type TeamCreate = Static<typeof TeamCreate>;

export const TeamUpdate = Type.Object(
  { name: Type.Optional(Name), description: OptionalText(TEAM_DESCRIPTION_MAX) },
  { title: 'TeamUpdate', additionalProperties: false, minProperties: 1 },
);
export type TeamUpdate = Static<typeof TeamUpdate>;

export const TeamListQuery = Type.Object({
  ...PageQuery.properties,
  q: Type.Optional(Type.String({ minLength: 1, maxLength: 100, description: 'Part of the name, any case' })),
});

export const MemberAdd = Type.Object({ user_id: Uuid, role: TeamRole }, { title: 'TeamMemberAdd', additionalProperties: false });
export const MemberUpdate = Type.Object({ role: TeamRole }, { title: 'TeamMemberUpdate', additionalProperties: false });
export const MemberParams = Type.Object({ id: Uuid, user_id: Uuid });

export const InviteCreate = Type.Object({ email: Email, role: TeamRole }, { title: 'TeamInviteCreate', additionalProperties: false });
export const InvitePublic = Type.Object(
  { id: Uuid, email: Type.String(), role: TeamRole, expires_at: DateTime, created_at: DateTime },
  { title: 'TeamInvitePublic' },
);
export const InviteCreated = Type.Object(
  {
    ...InvitePublic.properties,
    /** The link emailed to the address, answered this once so the admin may also pass it on. */
    invite_url: Type.String(),
  },
  { title: 'TeamInviteCreated' },
);
export const InvitesPublic = Type.Object({ data: Type.Array(InvitePublic), count: Type.Integer() }, { title: 'TeamInvitesPublic' });
export const InviteParams = Type.Object({ id: Uuid, invite_id: Uuid });

const InviteToken = Type.String({ minLength: 20, maxLength: 100, pattern: '^[A-Za-z0-9_-]+$' });
export const InviteTokenBody = Type.Object({ token: InviteToken }, { title: 'TeamInviteToken', additionalProperties: false });
export const InviteLookup = Type.Object(
  { team_name: Type.String(), email: Type.String(), role: TeamRole, expires_at: DateTime },
  { title: 'TeamInviteLookup' },
);
export const InviteSignup = Type.Object(
  { token: InviteToken, password: Password, full_name: Type.Optional(Type.Union([Type.String({ maxLength: 255 }), Type.Null()])) },
  { title: 'TeamInviteSignup', additionalProperties: false },
);
