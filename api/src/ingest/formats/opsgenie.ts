import { randomUUID } from 'node:crypto';
import { type Static, type TSchema, Type } from 'typebox';
import type { AlertSeverity } from '../../db/schema.js';
import type { ValidationIssue } from '../../errors.js';
import { boundedDedupKey, cleanLabels, clipDescription, clipTitle, type FormatParser, type IngestEvent, type Labels } from '../events.js';

/**
 * Opsgenie's Alert API create-alert body (`POST /v2/alerts`), as Opsgenie documents it and as
 * Alertmanager's `opsgenie_configs` and Grafana's Opsgenie contact point send it. Open, as
 * PagerDuty's event is: fields we do not read (responders, visibleTo, actions, user, note, and
 * whatever a sender adds) are accepted and ignored, as Opsgenie accepts them; a sender's null
 * counts as absent.
 */
const orNull = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));

export const OPSGENIE_PRIORITIES = ['P1', 'P2', 'P3', 'P4', 'P5'] as const;

export const OpsgenieAlert = Type.Object(
  {
    message: Type.String(),
    /** The dedup key: a create with the alias of an alert that is not closed counts an occurrence. */
    alias: orNull(Type.String()),
    description: orNull(Type.String()),
    responders: orNull(Type.Array(Type.Unknown())),
    visibleTo: orNull(Type.Array(Type.Unknown())),
    actions: orNull(Type.Array(Type.Unknown())),
    tags: orNull(Type.Array(Type.String())),
    details: orNull(Type.Record(Type.String(), Type.Unknown())),
    entity: orNull(Type.String()),
    source: orNull(Type.String()),
    priority: orNull(Type.Enum([...OPSGENIE_PRIORITIES, ''])),
    user: orNull(Type.String()),
    note: orNull(Type.String()),
  },
  { title: 'OpsgenieCreateAlert', additionalProperties: true },
);
type OpsgenieAlert = Static<typeof OpsgenieAlert>;

/** P1 critical, P2 high, P3 (Opsgenie's default) warning, P4 and P5 info. */
export const PRIORITY_SEVERITY: Record<(typeof OPSGENIE_PRIORITIES)[number], AlertSeverity> = {
  P1: 'critical',
  P2: 'high',
  P3: 'warning',
  P4: 'info',
  P5: 'info',
};

/** Opsgenie's own wording of its two most common refusals. */
export const MESSAGE_EMPTY = 'Message can not be empty.';
export const PRIORITY_INVALID = 'should be one of [ P1, P2, P3, P4, P5 ]';

/** An alias as the dedup key it stands for (a long one hashed), wherever an alias is read: create, close, get. */
export const dedupKeyOfAlias = (alias: string) => boundedDedupKey(alias);

/** What a label holds for each of the alert's tags: `tag:<name>` = "true", for rules' `exists`. */
export const TAG_LABEL_PREFIX = 'tag:';

const text = (value: string | null | undefined) => (value?.trim() ? value.trim() : undefined);

function scalarDetails(details: OpsgenieAlert['details']): Record<string, unknown> {
  if (!details) return {};
  return Object.fromEntries(Object.entries(details).filter(([, v]) => v !== null && typeof v !== 'object'));
}

/**
 * The scalar details, then the named fields over them: `source`, `entity`, `priority`, and a
 * `tag:<name>` label set to "true" per tag.
 */
function labelsOf(alert: OpsgenieAlert): Labels {
  const tags = (alert.tags ?? []).flatMap((tag) => (text(tag) ? [[`${TAG_LABEL_PREFIX}${text(tag)}`, 'true']] : []));
  return cleanLabels({
    ...scalarDetails(alert.details),
    source: text(alert.source),
    entity: text(alert.entity),
    priority: text(alert.priority ?? undefined),
    ...Object.fromEntries(tags),
  });
}

function descriptionOf(alert: OpsgenieAlert): string | null {
  const details = Object.entries(alert.details ?? {}).map(([k, v]) => `${k}=${typeof v === 'string' ? v : JSON.stringify(v)}`);
  const tags = (alert.tags ?? []).filter((t) => t.trim());
  const lines = [
    alert.description ?? '',
    text(alert.entity) ? `Entity: ${text(alert.entity)}` : '',
    text(alert.source) ? `Source: ${text(alert.source)}` : '',
    tags.length ? `Tags: ${tags.join(', ')}` : '',
    details.length ? `Details:\n${details.join('\n')}` : '',
    text(alert.note) ? `Note: ${text(alert.note)}` : '',
  ];
  return clipDescription(lines.filter(Boolean).join('\n'));
}

export const opsgenie: FormatParser = {
  check(body) {
    const alert = body as OpsgenieAlert;
    const issues: ValidationIssue[] = [];
    if (!alert.message.trim()) issues.push({ loc: ['body', 'message'], msg: MESSAGE_EMPTY, type: 'value_error' });
    return issues;
  },
  toEvents(body): IngestEvent[] {
    const alert = body as OpsgenieAlert;
    const alias = text(alert.alias);
    const priority = text(alert.priority ?? undefined) as keyof typeof PRIORITY_SEVERITY | undefined;
    return [
      {
        action: 'trigger',
        // Like Opsgenie: without an alias every create is a new alert (its alias is then its id).
        dedupKey: alias ? dedupKeyOfAlias(alias) : randomUUID(),
        title: clipTitle(alert.message),
        description: descriptionOf(alert),
        severity: PRIORITY_SEVERITY[priority ?? 'P3'],
        labels: labelsOf(alert),
      },
    ];
  },
};
