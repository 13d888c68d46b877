import { describe, expect, it } from 'vitest';
import { compileMatchers, type Matcher, matcherIssues } from '../../src/ingest/matchers.js';

const event = {
  title: 'CPU high on db-12',
  description: null,
  severity: 'high' as const,
  dedupKey: 'fp-1',
  labels: { env: 'prod', team: 'db', empty: '' },
};
const test = (mode: 'all' | 'any', matchers: Matcher[]) => compileMatchers(mode, matchers)(event);

describe('matchers', () => {
  it('equal, search by regex, and test presence on fields and labels', () => {
    expect(test('all', [{ field: 'labels.env', op: 'equals', value: 'prod' }])).toBe(true);
    expect(test('all', [{ field: 'labels.env', op: 'equals', value: 'Prod' }])).toBe(false);
    expect(test('all', [{ field: 'title', op: 'regex', value: 'db-\\d+' }])).toBe(true);
    expect(test('all', [{ field: 'title', op: 'regex', value: '^db-\\d+$' }])).toBe(false);
    expect(test('all', [{ field: 'severity', op: 'not_regex', value: '^(critical|high)$' }])).toBe(false);
    expect(test('all', [{ field: 'labels.team', op: 'exists' }])).toBe(true);
    expect(test('all', [{ field: 'labels.empty', op: 'exists' }])).toBe(false);
    expect(test('all', [{ field: 'labels.nope', op: 'not_exists' }])).toBe(true);
    expect(test('all', [{ field: 'description', op: 'not_equals', value: 'x' }])).toBe(true);
    expect(test('all', [{ field: 'labels.nope', op: 'regex', value: '.*' }])).toBe(false);
    expect(test('all', [{ field: 'labels.toString', op: 'exists' }])).toBe(false);
  });

  it('combine with all or any; none matches everything', () => {
    const both: Matcher[] = [
      { field: 'labels.env', op: 'equals', value: 'prod' },
      { field: 'labels.team', op: 'equals', value: 'web' },
    ];
    expect(test('all', both)).toBe(false);
    expect(test('any', both)).toBe(true);
    expect(test('any', [])).toBe(true);
  });

  it('name what does not compile, and a missing value, by position', () => {
    const issues = matcherIssues(
      [
        { field: 'title', op: 'regex', value: 'ok' },
        { field: 'title', op: 'regex', value: '(a' },
        { field: 'title', op: 'equals' },
        { field: 'title', op: 'regex', value: 'a'.repeat(513) },
        { field: 'title', op: 'regex', value: '(?<=a)b' },
      ],
      ['body', 'matchers'],
    );
    expect(issues.map((i) => i.loc)).toEqual([
      ['body', 'matchers', 1, 'value'],
      ['body', 'matchers', 2, 'value'],
      ['body', 'matchers', 3, 'value'],
      ['body', 'matchers', 4, 'value'],
    ]);
    expect(issues[0]?.msg).toMatch(/^Not a valid regular expression: .*missing closing \)/);
  });

  it('stay linear on input that makes a backtracking engine take forever', () => {
    const evil = compileMatchers('all', [{ field: 'title', op: 'regex', value: '^(a+)+$' }]);
    const started = performance.now();
    expect(evil({ ...event, title: `${'a'.repeat(5000)}!` })).toBe(false);
    // Not a speed target: a backtracking engine takes years here, RE2 milliseconds.
    expect(performance.now() - started).toBeLessThan(5_000);
  });
});
