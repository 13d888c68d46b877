import { createHash } from 'node:crypto';
import { ALERT_DESCRIPTION_MAX, ALERT_TITLE_MAX } from '../alerts/schema.js';
import type { AlertSeverity } from '../db/schema.js';
import type { ValidationIssue } from '../errors.js';

/** What a sender asks for, whatever its format. */
export type IngestAction = 'trigger' | 'acknowledge' | 'resolve';

/** One event of a body, in our terms: every format is translated to a list of these. */
export interface IngestEvent {
  action: IngestAction;
  dedupKey: string;
  /** Only used by a trigger that creates an alert. */
  title: string;
  description: string | null;
  severity: AlertSeverity;
  /**
   * The sender's key/value pairs (Alertmanager's labels, PagerDuty's source and component…):
   * what routing rules, maintenance matchers and grouping read, stored on the alert. Capped
   * by `cleanLabels` below.
   */
  labels: Labels;
  /** Set by an ingest stage (ingest/stages.ts), never by a sender: the escalation policy a routing rule chose. */
  policyId?: string | null;
  /** Set by an ingest stage: stored during a maintenance window, paging nobody until `until`. */
  silence?: { windowId: string; until: Date } | null;
  /** Set by the grouping stage on a trigger (grouping/stage.ts): it joins its group's alert instead of making its own. */
  group?: EventGroup | null;
  /** Set by the grouping stage on an acknowledge or resolve: its key may name an occurrence of a group alert. */
  inGroups?: boolean;
}

/** A trigger's group: the integration's group labels with this event's values, and how long a group alert absorbs. */
export interface EventGroup {
  /** 32 hex characters (grouping/groupKey.ts); the group alert's dedup key is `group:<key>` while it absorbs. */
  key: string;
  /** The group labels the event carries: the group alert's labels. */
  labels: Labels;
  windowMinutes: number;
}

export type Labels = Record<string, string>;

/** What one alert may carry: a sender's labels beyond these are cut, not refused (a sender cannot shorten them). */
export const LABELS_MAX = 64;
export const LABEL_NAME_MAX = 128;
export const LABEL_VALUE_MAX = 1024;

/**
 * Our body, the monitoring tools' webhooks, and the vendors' APIs Vigil stands in for: PagerDuty's
 * events, Opsgenie's create-alert body, and Grafana OnCall's formatted and free-form webhooks.
 */
export const INGEST_FORMATS = [
  'generic',
  'alertmanager',
  'grafana',
  'pagerduty',
  'opsgenie',
  'oncall_formatted_webhook',
  'oncall_webhook',
] as const;
export type IngestFormat = (typeof INGEST_FORMATS)[number];

export type ParseResult = { ok: true; events: IngestEvent[] } | { ok: false; issues: ValidationIssue[] };

/** Reads a validated body of one format (the schema has already checked its shape). */
export interface FormatParser {
  /** Extra rules a JSON schema states poorly (a field required for one action only). */
  check?(body: unknown): ValidationIssue[];
  toEvents(body: unknown): IngestEvent[];
}

export const DEDUP_KEY_MAX = 255;

/**
 * A sender's identifier as a dedup key: itself when it fits, else its SHA-256 (the same
 * identifier always gives the same key, so a longer Opsgenie alias still deduplicates and
 * closes; clipping it would merge two that share a beginning).
 */
export function boundedDedupKey(identifier: string): string {
  return identifier.length <= DEDUP_KEY_MAX ? identifier : `sha256:${createHash('sha256').update(identifier).digest('hex')}`;
}

/** Vendor texts are cut to our limits rather than refused: a sender cannot shorten them. */
export function clip(text: string, max: number): string {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}
export const clipTitle = (text: string) => clip(text.trim() || 'Untitled alert', ALERT_TITLE_MAX);
export const clipDescription = (text: string | null) => (text?.trim() ? clip(text.trim(), ALERT_DESCRIPTION_MAX) : null);

export const missing = (...loc: (string | number)[]): ValidationIssue => ({
  loc: ['body', ...loc],
  msg: 'Field required',
  type: 'missing',
});

/** PostgreSQL text cannot hold NUL: dropped, so such a body is stored rather than a 500 that senders retry forever. */
const withoutNul = (text: string) => (text.includes('\u0000') ? text.replaceAll('\u0000', '') : text);

/**
 * A sender's pairs as we store them: scalars as text (objects and arrays left out), names and
 * values clipped, NUL dropped, at most LABELS_MAX in name order.
 */
export function cleanLabels(pairs: Record<string, unknown> | undefined | null): Labels {
  if (!pairs) return {};
  const entries: [string, string][] = [];
  for (const [name, value] of Object.entries(pairs)) {
    if (value === null || typeof value === 'object' || value === undefined) continue;
    const key = withoutNul(name).trim().slice(0, LABEL_NAME_MAX);
    if (key) entries.push([key, clip(withoutNul(String(value)), LABEL_VALUE_MAX)]);
  }
  entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return Object.fromEntries(entries.slice(0, LABELS_MAX));
}

function sanitized(event: IngestEvent): IngestEvent {
  return {
    ...event,
    labels: cleanLabels(event.labels),
    dedupKey: withoutNul(event.dedupKey),
    title: withoutNul(event.title) || (event.action === 'trigger' ? 'Untitled alert' : ''),
    description: event.description === null ? null : withoutNul(event.description) || null,
  };
}

/**
 * One event per dedup key, the last one winning: within one body, a later status of an alert
 * supersedes an earlier one. Keys come out sorted, so concurrent batches lock rows in the same
 * order (fewer deadlocks).
 */
export function lastPerKey(events: IngestEvent[]): IngestEvent[] {
  const byKey = new Map<string, IngestEvent>();
  for (const event of events.map(sanitized)) byKey.set(event.dedupKey, event);
  return [...byKey.values()].sort((a, b) => (a.dedupKey < b.dedupKey ? -1 : a.dedupKey > b.dedupKey ? 1 : 0));
}
