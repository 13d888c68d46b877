import { POLICY_LEVELS_MAX } from '../../escalationPolicies/schema.js';
import { ImportFailure, type SourceEscalation } from '../model.js';
import type { OcContext } from './context.js';
import type { OcChain, OcPolicy } from './shapes.js';

// A Grafana OnCall escalation chain: steps run one after another, at once unless a "wait" sits
// between them. Notify steps with no wait between them are one level; a wait is the delay of
// the level before it (before the first: the wait before level 1); "repeat escalation" repeats
// the chain (OnCall: 5 times at most) and ends it.

const ONCALL_REPEATS = 5;

type Level = { emails: Set<string>; scheduleRefs: Set<string>; after: number };

export function mapChain(chain: OcChain, steps: OcPolicy[], ctx: OcContext): SourceEscalation {
  const out: SourceEscalation = {
    sourceId: chain.id,
    name: chain.name,
    description: null,
    teamRef: ctx.teamRef(chain.team_id),
    firstLevelAfterMinutes: 0,
    repeat: 0,
    levels: [],
    notes: [],
  };
  try {
    const levels: Level[] = [];
    let waited = true;
    let important = false;
    const reach = (emails: string[], scheduleRefs: string[]) => {
      let level = levels.at(-1);
      if (!level || waited) {
        level = { emails: new Set(), scheduleRefs: new Set(), after: 0 };
        levels.push(level);
        waited = false;
      }
      for (const email of emails) level.emails.add(email);
      for (const ref of scheduleRefs) level.scheduleRefs.add(ref);
    };
    const sorted = [...steps].sort((a, b) => a.position - b.position);
    for (const [i, step] of sorted.entries()) {
      const label = `step ${i + 1} (${step.type ?? 'empty'})`;
      important ||= step.important === true;
      if (step.type === 'wait') {
        const minutes = Math.max(1, Math.round((step.duration ?? 0) / 60));
        const last = levels.at(-1);
        if (last) last.after += minutes;
        else out.firstLevelAfterMinutes += minutes;
        waited = true;
      } else if (step.type === 'notify_persons') {
        reach(
          (step.persons_to_notify ?? []).map((id) => ctx.emailOf(id, label)),
          [],
        );
      } else if (step.type === 'notify_person_next_each_time') {
        out.notes.push(`${label}: one person in turn becomes all of them each time (Vigil has no round robin)`);
        reach(
          (step.persons_to_notify_next_each_time ?? []).map((id) => ctx.emailOf(id, label)),
          [],
        );
      } else if (step.type === 'notify_on_call_from_schedule') {
        const ref = step.notify_on_call_from_schedule;
        if (!ref || !ctx.scheduleExists(ref)) throw new ImportFailure(`${label}: schedule ${ref ?? '?'} is not among OnCall's schedules`);
        reach([], [ref]);
      } else if (step.type === 'notify_team_members') {
        const team = step.team_to_notify ?? '';
        const members = ctx.membersOf(team).map((u) => u.email.toLowerCase());
        out.notes.push(`${label}: team "${ctx.teamName(team) ?? team}" becomes its ${members.length} members, listed`);
        if (members.length > 0) reach(members, []);
      } else if (step.type === 'repeat_escalation') {
        out.repeat = ONCALL_REPEATS;
        if (i < sorted.length - 1)
          out.notes.push(`${sorted.length - i - 1} step(s) after "repeat escalation" never ran in OnCall: left out`);
        break;
      } else {
        out.notes.push(`${label}: no Vigil equivalent: left out`);
      }
    }
    if (important) out.notes.push('"important" steps: Vigil has one set of notification rules per person');
    if (levels.length === 0) throw new ImportFailure('no step Vigil can follow');
    if (levels.length > POLICY_LEVELS_MAX)
      throw new ImportFailure(`${levels.length} levels; Vigil's policies have at most ${POLICY_LEVELS_MAX}`);
    out.levels = levels.map((level, i) => ({
      delayMinutes: i < levels.length - 1 ? Math.max(1, level.after) : out.repeat > 0 ? Math.max(1, level.after) : null,
      emails: [...level.emails],
      scheduleRefs: [...level.scheduleRefs],
    }));
  } catch (error) {
    if (!(error instanceof ImportFailure)) throw error;
    out.failure = error.message;
  }
  return out;
}
