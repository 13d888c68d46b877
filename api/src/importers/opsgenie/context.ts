import { DEFAULT_TEAM_REF, ImportFailure } from '../model.js';
import type { OgParticipant, OgTeam, OpsgenieExport } from './shapes.js';

/** What the Opsgenie mappers look up across objects: people by id or username, teams and schedules by id or name. */
export interface OgContext {
  now: Date;
  teams: Map<string, OgTeam>;
  /** A participant's email (Opsgenie's username), or a failure naming `where`. */
  emailOf(p: Pick<OgParticipant, 'id' | 'username'>, where: string): string;
  /** The team's id for an owner team (by id, then name); the default team without one. */
  teamRef(owner: { id?: string; name?: string } | undefined): string;
  teamOf(ref: { id?: string; name?: string }): OgTeam | undefined;
  scheduleIdOf(ref: { id?: string; name?: string }): string | undefined;
  escalationIdOf(ref: { id?: string; name?: string }): string | undefined;
}

const byIdOrName = <T extends { id: string; name: string }>(items: T[]) => {
  const byId = new Map(items.map((item) => [item.id, item]));
  const byName = new Map(items.map((item) => [item.name.toLowerCase(), item]));
  return (ref: { id?: string; name?: string }) =>
    (ref.id ? byId.get(ref.id) : undefined) ?? (ref.name ? byName.get(ref.name.toLowerCase()) : undefined);
};

export function opsgenieContext(data: OpsgenieExport, now: Date): OgContext {
  const emails = new Map(data.users.map((u) => [u.id, u.username.toLowerCase()]));
  const teams = data.teams ?? [];
  const team = byIdOrName(teams);
  const schedule = byIdOrName(data.schedules ?? []);
  const escalation = byIdOrName(data.escalations ?? []);
  return {
    now,
    teams: new Map(teams.map((t) => [t.id, t])),
    emailOf(p, where) {
      const email = p.username?.toLowerCase() ?? (p.id ? emails.get(p.id) : undefined);
      if (!email) throw new ImportFailure(`${where}: user ${p.id ?? '?'} is not among Opsgenie's users`);
      return email;
    },
    teamRef: (owner) => (owner && team(owner)?.id) || DEFAULT_TEAM_REF,
    teamOf: team,
    scheduleIdOf: (ref) => schedule(ref)?.id,
    escalationIdOf: (ref) => escalation(ref)?.id,
  };
}
