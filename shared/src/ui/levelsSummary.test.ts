import { describe, expect, it } from 'vitest';
import { levelsSummary, repeatAndStopText, repeatText, targetsSummary } from './levelsSummary';

type Targets = { user_ids: string[]; schedule_ids: string[]; emails: string[]; hidden_email_count: number };
const level = (delay_minutes: number | null, targets: Partial<Targets> = {}) => ({
  delay_minutes,
  targets: { user_ids: [], schedule_ids: [], emails: [], hidden_email_count: 0, ...targets },
});

describe('policy summaries', () => {
  it('says the levels and their delays, a null delay as stop', () => {
    expect(levelsSummary([level(10), level(15), level(null)])).toBe('3 levels · 10 min → 15 min → stop');
    expect(levelsSummary([level(null)])).toBe('1 level · stop');
  });

  it('says the repeat', () => {
    expect(repeatText(0)).toBe('No repeat');
    expect(repeatText(1)).toBe('Repeats 1 time');
    expect(repeatText(2)).toBe('Repeats 2 times');
  });

  it('says where the timer stops when the policy sets it', () => {
    expect(repeatAndStopText(0, null)).toBe('No repeat');
    expect(repeatAndStopText(2, 4)).toBe('Repeats 2 times · the timer stops at level 4');
  });

  it("names a level's targets: people, schedules (on call), addresses", () => {
    const names: Record<string, string> = { u1: 'Ann Lee', s1: 'Primary' };
    const summary = targetsSummary(
      level(5, { user_ids: ['u1'], schedule_ids: ['s1'], emails: ['ops@example.com'] }),
      (id) => names[id] ?? '?',
      (id) => names[id] ?? '?',
    );
    expect(summary).toBe('Ann Lee, Primary (on call), ops@example.com');
    expect(targetsSummary(level(5), String, String)).toBe('Nobody');
  });

  it("counts the addresses of someone else's policy, which the API does not name", () => {
    expect(targetsSummary(level(5, { user_ids: ['u1'], hidden_email_count: 2 }), () => 'Ann Lee', String)).toBe(
      'Ann Lee, 2 external addresses',
    );
    expect(targetsSummary(level(5, { hidden_email_count: 1 }), String, String)).toBe('1 external address');
  });
});
