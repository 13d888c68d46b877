import type { TeamRole } from '../../db/schema.js';
import { DEFAULT_TEAM_REF, ImportFailure } from '../model.js';
import type { OcUser, OncallExport } from './shapes.js';

/** What the OnCall mappers look up across objects: people by id, teams and their members. */
export interface OcContext {
  now: Date;
  emailOf(userId: string, where: string): string;
  teamRef(teamId: string | null | undefined): string;
  /** The users whose `teams` name the team. */
  membersOf(teamId: string): OcUser[];
  teamName(teamId: string): string | undefined;
  scheduleExists(id: string): boolean;
}

/** OnCall's organisation-wide role as the team role of its members. */
export const roleOf = (user: OcUser): TeamRole => (user.role === 'admin' ? 'admin' : user.role === 'viewer' ? 'observer' : 'responder');

export function oncallContext(data: OncallExport, now: Date): OcContext {
  const users = new Map(data.users.map((u) => [u.id, u]));
  const teams = new Map((data.teams ?? []).map((t) => [t.id, t.name]));
  const schedules = new Set((data.schedules ?? []).map((s) => s.id));
  return {
    now,
    emailOf(userId, where) {
      const user = users.get(userId);
      if (!user) throw new ImportFailure(`${where}: user ${userId} is not among OnCall's users`);
      return user.email.toLowerCase();
    },
    teamRef: (teamId) => (teamId && teams.has(teamId) ? teamId : DEFAULT_TEAM_REF),
    membersOf: (teamId) => data.users.filter((u) => u.teams?.includes(teamId)),
    teamName: (teamId) => teams.get(teamId),
    scheduleExists: (id) => schedules.has(id),
  };
}
