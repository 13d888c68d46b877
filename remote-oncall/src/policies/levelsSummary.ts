import type { EscalationPolicyPublic } from '@vigil/shared';

type Level = EscalationPolicyPublic['levels'][number];

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

/** "2 users, 1 schedule" — what a level reaches, in words. */
export function targetsSummary(level: Level, nameOf: (id: string) => string, scheduleName: (id: string) => string): string {
  const parts = [
    ...level.targets.user_ids.map(nameOf),
    ...level.targets.schedule_ids.map((id) => `${scheduleName(id)} (on call)`),
    ...level.targets.emails,
  ];
  return parts.length ? parts.join(', ') : 'Nobody';
}

/** The list's summary: "2 levels · 15 min, stop". */
export function levelsSummary(levels: Level[]): string {
  const delays = levels.map((l) => (l.delay_minutes === null ? 'stop' : `${l.delay_minutes} min`)).join(' → ');
  return `${plural(levels.length, 'level')} · ${delays}`;
}

export const repeatText = (repeat: number) => (repeat === 0 ? 'No repeat' : `Repeats ${plural(repeat, 'time')}`);
