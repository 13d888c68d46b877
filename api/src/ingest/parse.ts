import type { TSchema } from 'typebox';
import { Compile } from 'typebox/compile';
import { type AjvIssue, type ValidationIssue, validationIssues } from '../errors.js';
import { type FormatParser, type IngestFormat, lastPerKey, type ParseResult } from './events.js';
import { AlertmanagerWebhook, alertmanager, GrafanaWebhook, grafana } from './formats/alertmanager.js';
import { GenericEvent, generic } from './formats/generic.js';
import { OnCallFormattedWebhook, OnCallWebhook, oncallFormattedWebhook, oncallWebhook } from './formats/oncall.js';
import { OpsgenieAlert, opsgenie } from './formats/opsgenie.js';
import { PagerDutyEvent, pagerduty } from './formats/pagerduty.js';

/** Each format's body schema (also its OpenAPI request body) and its reader. */
export const FORMATS: Record<IngestFormat, { schema: TSchema; parser: FormatParser }> = {
  generic: { schema: GenericEvent, parser: generic },
  alertmanager: { schema: AlertmanagerWebhook, parser: alertmanager },
  grafana: { schema: GrafanaWebhook, parser: grafana },
  pagerduty: { schema: PagerDutyEvent, parser: pagerduty },
  opsgenie: { schema: OpsgenieAlert, parser: opsgenie },
  oncall_formatted_webhook: { schema: OnCallFormattedWebhook, parser: oncallFormattedWebhook },
  oncall_webhook: { schema: OnCallWebhook, parser: oncallWebhook },
};

/** The formats the auto-detecting URL tells apart (the others are only taken at their own URL). */
export const DETECTED_FORMATS = ['generic', 'alertmanager', 'grafana', 'pagerduty'] as const satisfies readonly IngestFormat[];

const validators = Object.fromEntries(Object.entries(FORMATS).map(([format, { schema }]) => [format, Compile(schema)])) as Record<
  IngestFormat,
  ReturnType<typeof Compile>
>;

/**
 * The format of a body sent to the auto-detecting URL, by the fields only that format has:
 * PagerDuty's `event_action`/`routing_key`; an `alerts` list (or `version: "4"`) for
 * Alertmanager, with Grafana's `orgId` telling Grafana apart; anything else is a generic event.
 */
export function detectFormat(body: unknown): (typeof DETECTED_FORMATS)[number] {
  if (body === null || typeof body !== 'object' || Array.isArray(body)) return 'generic';
  const b = body as Record<string, unknown>;
  if ('event_action' in b || 'routing_key' in b) return 'pagerduty';
  if (Array.isArray(b.alerts) || b.version === '4') return 'orgId' in b ? 'grafana' : 'alertmanager';
  return 'generic';
}

/**
 * TypeBox's errors in our 422 shape (errors.ts speaks Ajv, which TypeBox mirrors except for
 * `required`, listed at once).
 */
function toIssues(errors: AjvIssue[]): ValidationIssue[] {
  const expanded = errors.flatMap((e) =>
    e.keyword === 'required'
      ? ((e.params.requiredProperties as string[] | undefined) ?? []).map((missingProperty) => ({ ...e, params: { missingProperty } }))
      : [e],
  );
  return validationIssues('body', expanded);
}

/** Validates a body as `format` and translates it to events, one per dedup key. */
export function parseBody(format: IngestFormat, body: unknown): ParseResult {
  const validator = validators[format];
  if (!validator.Check(body)) return { ok: false, issues: toIssues(validator.Errors(body) as AjvIssue[]) };
  const { parser } = FORMATS[format];
  const issues = parser.check?.(body) ?? [];
  if (issues.length > 0) return { ok: false, issues };
  return { ok: true, events: lastPerKey(parser.toEvents(body)) };
}
