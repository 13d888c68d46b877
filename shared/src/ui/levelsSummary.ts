import type { EscalationPolicyPublic } from '../query/escalationPolicies';

type Level = EscalationPolicyPublic['levels'][number];

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/**
 * "Ann Lee, Primary (on call), ops@example.com" — what a level reaches, in words. Someone
 * else's policy answers its addresses counted, not named: "2 external addresses".
 */
export function targetsSummary(level: Level, nameOf: (id: string) => string, scheduleName: (id: string) => string): string {
  const hidden = level.targets.hidden_email_count;
  const parts = [
    ...level.targets.user_ids.map(nameOf),
    ...level.targets.schedule_ids.map((id) => `${scheduleName(id)} (on call)`),
    ...level.targets.emails,
    ...(hidden > 0 ? [`${hidden} external address${hidden === 1 ? '' : 'es'}`] : []),
  ];
  return parts.length ? parts.join(', ') : 'Nobody';
}

/** The list's summary: "2 levels · 15 min, stop". */
export function levelsSummary(levels: Level[]): string {
  const delays = levels.map((l) => (l.delay_minutes === null ? 'stop' : `${l.delay_minutes} min`)).join(' → ');
  return `${plural(levels.length, 'level')} · ${delays}`;
}

export const repeatText = (repeat: number) => (repeat === 0 ? 'No repeat' : `Repeats ${plural(repeat, 'time')}`);

/** Where the timer stops: "No repeat · the timer stops at level 4"; without `max_level`, the repeat alone. */
export const repeatAndStopText = (repeat: number, maxLevel: number | null) =>
  maxLevel === null ? repeatText(repeat) : `${repeatText(repeat)} · the timer stops at level ${maxLevel}`;
