import {
  type EscalationLevelInput,
  type EscalationPolicyCreate,
  type EscalationPolicyPublic,
  POLICY_LIMITS,
  parseContacts,
  type Validators,
} from '@vigil/shared';

export const MAX_LEVELS = POLICY_LIMITS.levels;
export const MAX_LEVEL_PROBLEM = `A whole number from 1 to ${POLICY_LIMITS.maxLevel}, or nothing`;

/** The timer's top level as typed: '' for none (the end of the last repeat). */
const maxLevelOf = (text: string) => (text.trim() ? Number(text) : null);

/** One level as edited: the delay as typed ('' with `stop`), targets picked, addresses as typed. */
export interface LevelDraft {
  key: number;
  stop: boolean;
  delay: string;
  user_ids: string[];
  schedule_ids: string[];
  emails: string;
}

let nextKey = 0;
export const blankLevel = (): LevelDraft => ({ key: nextKey++, stop: false, delay: '15', user_ids: [], schedule_ids: [], emails: '' });
const draftOf = (level: EscalationPolicyPublic['levels'][number]): LevelDraft => ({
  key: nextKey++,
  stop: level.delay_minutes === null,
  delay: level.delay_minutes === null ? '15' : String(level.delay_minutes),
  user_ids: level.targets.user_ids,
  schedule_ids: level.targets.schedule_ids,
  emails: level.targets.emails.join(', '),
});

/** What is wrong with a level before sending, by field; the server checks the rest (and says so at the field). */
export function levelProblems(level: LevelDraft): { delay_minutes?: string; targets?: string } {
  const out: { delay_minutes?: string; targets?: string } = {};
  if (!level.stop) {
    const n = Number(level.delay);
    if (!Number.isInteger(n) || n < POLICY_LIMITS.minDelay || n > POLICY_LIMITS.maxDelay)
      out.delay_minutes = `A whole number of minutes from ${POLICY_LIMITS.minDelay} to ${POLICY_LIMITS.maxDelay}`;
  }
  if (!level.user_ids.length && !level.schedule_ids.length && !parseContacts(level.emails).length)
    out.targets = 'Pick at least one user, schedule or address';
  return out;
}

/**
 * When level 1 is reached: at once (0, what an on-call team expects of a new policy), or after
 * level 1's own delay (null, what the integrations' migrated email levels keep). Another wait
 * set through the API is kept as it is.
 */
export const FIRST_AT_ONCE = 'at-once';
export const FIRST_AFTER_DELAY = 'after-delay';
const firstChoiceOf = (wait: number | null) => (wait === null ? FIRST_AFTER_DELAY : wait === 0 ? FIRST_AT_ONCE : String(wait));
const firstWaitOf = (choice: string) => (choice === FIRST_AFTER_DELAY ? null : choice === FIRST_AT_ONCE ? 0 : Number(choice));

/** A policy as edited, named as the API names it (a refusal's items land at their fields); level 1's wait as the choice picked. */
export interface PolicyValues {
  name: string;
  description: string;
  repeat: number;
  /** The timer's top level as typed; '' for none. */
  max_level: string;
  first_level_after_minutes: string;
  levels: LevelDraft[];
  /** The owning team: chosen when creating (TeamPicker), fixed after; its members and schedules are what levels may name. */
  team_id: string;
}

export const policyRules: Validators<PolicyValues> = {
  name: (v) => (v.trim() ? undefined : 'Name is required'),
  max_level: (v) => {
    const n = maxLevelOf(v);
    return n === null || (Number.isInteger(n) && n >= 1 && n <= POLICY_LIMITS.maxLevel) ? undefined : MAX_LEVEL_PROBLEM;
  },
  // Shown level by level (`levelProblems`); here it only keeps an unfinished level from being sent.
  levels: (levels) =>
    levels
      .map(levelProblems)
      .map((p) => p.delay_minutes ?? p.targets)
      .find(Boolean),
};

/** The form's values for `policy`, or a new one's: one level, reached at once. */
export const policyValuesOf = (policy: EscalationPolicyPublic | null): PolicyValues => ({
  name: policy?.name ?? '',
  description: policy?.description ?? '',
  repeat: policy?.repeat ?? 0,
  max_level: policy?.max_level == null ? '' : String(policy.max_level),
  first_level_after_minutes: policy ? firstChoiceOf(policy.first_level_after_minutes) : FIRST_AT_ONCE,
  levels: policy ? policy.levels.map(draftOf) : [blankLevel()],
  team_id: policy?.team_id ?? '',
});

/** A new policy's body: its team when one was chosen (else the API's default team). */
export const policyCreateBody = (values: PolicyValues): EscalationPolicyCreate => ({
  ...policyBody(values),
  ...(values.team_id && { team_id: values.team_id }),
});

export const policyBody = (values: PolicyValues): EscalationPolicyCreate => ({
  name: values.name.trim(),
  description: values.description.trim() || null,
  repeat: values.repeat,
  max_level: maxLevelOf(values.max_level),
  first_level_after_minutes: firstWaitOf(values.first_level_after_minutes),
  levels: values.levels.map(
    (l): EscalationLevelInput => ({
      delay_minutes: l.stop ? null : Number(l.delay),
      targets: { user_ids: l.user_ids, schedule_ids: l.schedule_ids, emails: parseContacts(l.emails) },
    }),
  ),
});
