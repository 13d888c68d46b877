import type { Db } from '../../db/database.js';
import { onCallAtInSchedules } from '../../schedules/onCall.js';
import { escapeMrkdwn } from './slackBlocks.js';

export const SLACK_USAGE = [
  '*Vigil* commands:',
  '• `/vigil oncall`: who is on call now in the schedules of the team(s) this channel belongs to',
  '• `/vigil help`: this help',
].join('\n');
export const NOT_A_TEAM_CHANNEL =
  "This channel is not any Vigil team's Slack channel: a team admin adds it in Vigil (Teams → the team → Chat channels).";

/** The most schedules one answer lists: a message stays readable. */
const MAX_SCHEDULES = 50;

/**
 * `/vigil oncall` in a Slack channel: for each team that has this channel as a `slack_app` chat
 * channel, who is on call now in each of the team's schedules (schedules/onCall.ts computes it).
 */
export async function onCallAnswer(db: Db, slackChannelId: string, now: Date): Promise<string> {
  const teams = await db
    .selectFrom('chat_channels as c')
    .innerJoin('teams as t', 't.id', 'c.team_id')
    .select(['t.id', 't.name'])
    .distinct()
    .where('c.kind', '=', 'slack_app')
    .where('c.target', '=', slackChannelId.toUpperCase())
    .orderBy('t.name')
    .execute();
  if (teams.length === 0) return NOT_A_TEAM_CHANNEL;
  const schedules = await db
    .selectFrom('schedules')
    .select(['id', 'name', 'team_id'])
    .where(
      'team_id',
      'in',
      teams.map((t) => t.id),
    )
    .orderBy('name')
    .limit(MAX_SCHEDULES)
    .execute();
  const onCall = await onCallAtInSchedules(
    db,
    schedules.map((s) => s.id),
    now.getTime(),
  );
  const userIds = [...new Set([...onCall.values()].flat())];
  const users = userIds.length
    ? await db.selectFrom('users').select(['id', 'full_name', 'email']).where('id', 'in', userIds).execute()
    : [];
  const nameOf = new Map(users.map((u) => [u.id, escapeMrkdwn(u.full_name || u.email)]));
  const lines: string[] = [];
  for (const team of teams) {
    lines.push(`*On call now in ${escapeMrkdwn(team.name)}*`);
    const mine = schedules.filter((s) => s.team_id === team.id);
    if (mine.length === 0) lines.push('• no schedules');
    for (const schedule of mine) {
      const names = (onCall.get(schedule.id) ?? []).map((id) => nameOf.get(id) ?? 'a deleted user');
      lines.push(`• ${escapeMrkdwn(schedule.name)}: ${names.length ? names.join(', ') : 'nobody'}`);
    }
  }
  return lines.join('\n');
}
