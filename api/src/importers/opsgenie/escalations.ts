import { LEVEL_DELAY_MAX_MINUTES, POLICY_REPEAT_MAX } from '../../escalationPolicies/schema.js';
import { ImportFailure, type SourceEscalation } from '../model.js';
import type { OgContext } from './context.js';
import type { OgEscalation } from './shapes.js';

// An Opsgenie escalation: rules "after N minutes, notify X" counted from the alert's creation,
// and "repeat after M minutes, K times". Rules at the same time become one level; a level's
// delay is the time to the next rule, the last one's the repeat's wait.

const UNIT_MINUTES: Record<string, number> = { minutes: 1, hours: 60, days: 1440 };

type Rule = OgEscalation['rules'][number];

/** Whom a rule pages, or null (noted) when Vigil has nothing like it. */
function targetsOf(rule: Rule, label: string, ctx: OgContext, notes: string[]): { emails: string[]; scheduleRefs: string[] } | null {
  const r = rule.recipient;
  const how = rule.notifyType ?? 'default';
  if (r.type === 'user') return { emails: [ctx.emailOf(r, label)], scheduleRefs: [] };
  if (r.type === 'schedule') {
    if (how === 'next' || how === 'previous') {
      notes.push(`${label}: "notify the ${how} on-call user" has no Vigil equivalent: left out`);
      return null;
    }
    const id = ctx.scheduleIdOf(r);
    if (!id) throw new ImportFailure(`${label}: schedule ${r.name ?? r.id ?? '?'} is not among Opsgenie's schedules`);
    return { emails: [], scheduleRefs: [id] };
  }
  if (r.type === 'team') {
    const team = ctx.teamOf(r);
    if (!team) throw new ImportFailure(`${label}: team ${r.name ?? r.id ?? '?'} is not among Opsgenie's teams`);
    const members = (team.members ?? []).filter((m) => how !== 'admins' || m.role === 'admin');
    const emails = members.map((m) => ctx.emailOf(m.user, `team "${team.name}"`));
    if (how === 'random') notes.push(`${label}: "a random member of ${team.name}" becomes all of them (Vigil picks nobody at random)`);
    else notes.push(`${label}: team "${team.name}" becomes its ${how === 'admins' ? 'admins' : 'members'}, listed`);
    if (emails.length === 0) {
      notes.push(`${label}: team "${team.name}" has nobody to notify: left out`);
      return null;
    }
    return { emails, scheduleRefs: [] };
  }
  notes.push(`${label}: a ${r.type} recipient has no Vigil equivalent: left out`);
  return null;
}

export function mapEscalation(e: OgEscalation, ctx: OgContext): SourceEscalation {
  const out: SourceEscalation = {
    sourceId: e.id,
    name: e.name,
    description: e.description || null,
    teamRef: ctx.teamRef(e.ownerTeam),
    firstLevelAfterMinutes: 0,
    repeat: 0,
    levels: [],
    notes: [],
  };
  try {
    const slots = new Map<number, { emails: Set<string>; scheduleRefs: Set<string> }>();
    e.rules.forEach((rule, i) => {
      const label = `rule ${i + 1}`;
      const unit = UNIT_MINUTES[rule.delay.timeUnit ?? 'minutes'];
      if (unit === undefined) throw new ImportFailure(`${label}: unknown time unit ${JSON.stringify(rule.delay.timeUnit)}`);
      if (rule.condition === 'if-not-closed') {
        out.notes.push(`${label}: "if not closed" becomes "if not acknowledged" (Vigil stops escalating at an acknowledgement)`);
      }
      const targets = targetsOf(rule, label, ctx, out.notes);
      if (!targets) return;
      const at = rule.delay.timeAmount * unit;
      const slot = slots.get(at) ?? { emails: new Set<string>(), scheduleRefs: new Set<string>() };
      for (const email of targets.emails) slot.emails.add(email);
      for (const ref of targets.scheduleRefs) slot.scheduleRefs.add(ref);
      slots.set(at, slot);
    });
    const times = [...slots.keys()].sort((a, b) => a - b);
    if (times.length === 0) throw new ImportFailure('no rule Vigil can follow');
    let repeat = e.repeat?.count ?? 0;
    const wait = e.repeat?.waitInterval ?? 0;
    if (repeat > POLICY_REPEAT_MAX) {
      out.notes.push(`repeats ${repeat} times in Opsgenie; Vigil repeats at most ${POLICY_REPEAT_MAX} times`);
      repeat = POLICY_REPEAT_MAX;
    }
    if (repeat > 0 && wait < 1) out.notes.push('repeats at once in Opsgenie; Vigil waits a minute before level 1 again');
    out.firstLevelAfterMinutes = times[0] ?? 0;
    out.repeat = repeat;
    out.levels = times.map((at, i) => {
      const next = times[i + 1];
      const slot = slots.get(at) as { emails: Set<string>; scheduleRefs: Set<string> };
      return {
        delayMinutes: next !== undefined ? next - at : repeat > 0 ? Math.max(1, wait) : null,
        emails: [...slot.emails],
        scheduleRefs: [...slot.scheduleRefs],
      };
    });
    const tooLong = out.levels.find((l) => (l.delayMinutes ?? 0) > LEVEL_DELAY_MAX_MINUTES);
    if (tooLong || out.firstLevelAfterMinutes > LEVEL_DELAY_MAX_MINUTES) {
      throw new ImportFailure(`a wait longer than Vigil's ${LEVEL_DELAY_MAX_MINUTES} minutes (a week)`);
    }
  } catch (error) {
    if (!(error instanceof ImportFailure)) throw error;
    out.failure = error.message;
  }
  return out;
}
