import { RE2JS } from 're2js';
import { type Static, Type } from 'typebox';
import type { ValidationIssue } from '../errors.js';
import { type IngestEvent, LABEL_NAME_MAX, LABEL_VALUE_MAX } from './events.js';

/**
 * Conditions on an event's fields and labels, shared by routing rules and maintenance windows.
 * Regular expressions are RE2's (re2js): linear in the input, so no rule a user writes can hold
 * the event loop (no catastrophic backtracking); a search, unanchored, as Grafana OnCall's
 * routes: anchor with ^…$ for a whole value.
 */
export const MATCH_OPERATORS = ['equals', 'not_equals', 'regex', 'not_regex', 'exists', 'not_exists'] as const;
export type MatchOperator = (typeof MATCH_OPERATORS)[number];
export const MATCHERS_MAX = 20;
export const REGEX_MAX = 512;

/** `title`, `description`, `severity`, `dedup_key`, or `labels.<name>`. */
export const MATCH_FIELD_PATTERN = `^(title|description|severity|dedup_key|labels\\.[^\\s]{1,${LABEL_NAME_MAX}})$`;

export const Matcher = Type.Object(
  {
    field: Type.String({ pattern: MATCH_FIELD_PATTERN, maxLength: LABEL_NAME_MAX + 7 }),
    op: Type.Enum([...MATCH_OPERATORS], { title: 'MatchOperator' }),
    /** Required except for exists / not_exists. */
    value: Type.Optional(Type.String({ maxLength: LABEL_VALUE_MAX })),
  },
  { title: 'Matcher', additionalProperties: false },
);
export type Matcher = Static<typeof Matcher>;

export const MatchMode = Type.Enum(['all', 'any'], { title: 'MatchMode' });
export type MatchMode = Static<typeof MatchMode>;

export const Matchers = Type.Array(Matcher, { maxItems: MATCHERS_MAX });

export type EventTest = (event: Pick<IngestEvent, 'title' | 'description' | 'severity' | 'dedupKey' | 'labels'>) => boolean;

function fieldValue(event: Parameters<EventTest>[0], field: string): string | undefined {
  switch (field) {
    case 'title':
      return event.title;
    case 'description':
      return event.description ?? undefined;
    case 'severity':
      return event.severity;
    case 'dedup_key':
      return event.dedupKey;
    default:
      return Object.hasOwn(event.labels, field.slice(7)) ? event.labels[field.slice(7)] : undefined;
  }
}

/**
 * Problems of a matcher list, each located at `loc` + its index (a 422's detail): a regex
 * that does not compile, one too long, a value missing.
 */
export function matcherIssues(matchers: Matcher[], loc: (string | number)[]): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  matchers.forEach((m, i) => {
    const at = [...loc, i, 'value'];
    const needsValue = m.op !== 'exists' && m.op !== 'not_exists';
    if (needsValue && m.value === undefined) issues.push({ loc: at, msg: `Field required for the operator ${m.op}`, type: 'missing' });
    if (m.op !== 'regex' && m.op !== 'not_regex') return;
    if ((m.value ?? '').length > REGEX_MAX) {
      issues.push({ loc: at, msg: `A regular expression has at most ${REGEX_MAX} characters`, type: 'value_error' });
      return;
    }
    try {
      RE2JS.compile(m.value ?? '');
    } catch (error) {
      issues.push({ loc: at, msg: `Not a valid regular expression: ${(error as Error).message}`, type: 'value_error' });
    }
  });
  return issues;
}

/** A test of one event; matchers are checked first (matcherIssues): an invalid one throws here. */
export function compileMatchers(mode: MatchMode, matchers: Matcher[]): EventTest {
  const tests = matchers.map((m): EventTest => {
    const value = m.value ?? '';
    switch (m.op) {
      case 'equals':
        return (e) => fieldValue(e, m.field) === value;
      case 'not_equals':
        return (e) => fieldValue(e, m.field) !== value;
      case 'exists':
        return (e) => Boolean(fieldValue(e, m.field));
      case 'not_exists':
        return (e) => !fieldValue(e, m.field);
      default: {
        const pattern = RE2JS.compile(value);
        const wanted = m.op === 'regex';
        return (e) => {
          const text = fieldValue(e, m.field);
          return (text !== undefined && pattern.matcher(text).find()) === wanted;
        };
      }
    }
  });
  if (tests.length === 0) return () => true;
  return mode === 'all' ? (e) => tests.every((t) => t(e)) : (e) => tests.some((t) => t(e));
}
