import { type Static, type TProperties, Type } from 'typebox';
import type { AlertSeverity } from '../../db/schema.js';
import { cleanLabels, clipDescription, clipTitle, DEDUP_KEY_MAX, type FormatParser, type IngestEvent } from '../events.js';

/**
 * Prometheus Alertmanager's webhook (version 4) and Grafana's unified-alerting webhook, which
 * copies it and adds a few fields. One alert per `fingerprint`, each firing or resolved.
 * Only what we read is declared; every other field is accepted and ignored.
 */
const Labels = Type.Record(Type.String(), Type.String());
const Text = Type.Optional(Type.String());

const alertProperties = {
  status: Type.Enum(['firing', 'resolved']),
  labels: Labels,
  annotations: Type.Optional(Labels),
  startsAt: Text,
  endsAt: Text,
  generatorURL: Text,
  fingerprint: Type.String({ minLength: 1, maxLength: DEDUP_KEY_MAX }),
};

const webhook = <A extends TProperties, W extends TProperties>(name: string, alertExtra: A, webhookExtra: W) =>
  Type.Object(
    {
      version: Text,
      groupKey: Text,
      truncatedAlerts: Type.Optional(Type.Integer()),
      status: Text,
      receiver: Text,
      groupLabels: Type.Optional(Labels),
      commonLabels: Type.Optional(Labels),
      commonAnnotations: Type.Optional(Labels),
      externalURL: Text,
      alerts: Type.Array(Type.Object({ ...alertProperties, ...alertExtra }, { title: `${name}Alert` })),
      ...webhookExtra,
    },
    { title: `${name}Webhook` },
  );

export const AlertmanagerWebhook = webhook('Alertmanager', {}, {});

export const GrafanaWebhook = webhook(
  'Grafana',
  { silenceURL: Text, dashboardURL: Text, panelURL: Text },
  { orgId: Type.Optional(Type.Integer()), title: Text, state: Text, message: Text },
);

type AnyAlert = Static<typeof AlertmanagerWebhook>['alerts'][number] & { dashboardURL?: string; panelURL?: string };

/** Common `severity` label values, mapped to ours; anything else is a warning. */
const SEVERITY_LABELS: Record<string, AlertSeverity> = {
  critical: 'critical',
  crit: 'critical',
  fatal: 'critical',
  emergency: 'critical',
  page: 'critical',
  p1: 'critical',
  high: 'high',
  error: 'high',
  major: 'high',
  p2: 'high',
  warning: 'warning',
  warn: 'warning',
  minor: 'warning',
  p3: 'warning',
  info: 'info',
  informational: 'info',
  low: 'info',
  none: 'info',
  p4: 'info',
  p5: 'info',
};

export function severityOf(labels: Record<string, string>): AlertSeverity {
  const value = (labels.severity ?? labels.priority ?? '').trim().toLowerCase();
  return SEVERITY_LABELS[value] ?? 'warning';
}

function titleOf(alert: AnyAlert, fallback: string): string {
  const name = alert.labels.alertname?.trim();
  const summary = (alert.annotations?.summary ?? alert.annotations?.title)?.trim();
  if (name && summary) return clipTitle(`${name}: ${summary}`);
  return clipTitle(summary || name || fallback);
}

function descriptionOf(alert: AnyAlert): string | null {
  const annotations = alert.annotations ?? {};
  const labels = Object.entries(alert.labels)
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([k, v]) => `${k}=${v}`);
  const lines = [
    annotations.description ?? annotations.message ?? '',
    labels.length ? `Labels: ${labels.join(', ')}` : '',
    annotations.runbook_url ? `Runbook: ${annotations.runbook_url}` : '',
    alert.generatorURL ? `Source: ${alert.generatorURL}` : '',
    alert.dashboardURL ? `Dashboard: ${alert.dashboardURL}` : '',
    alert.panelURL ? `Panel: ${alert.panelURL}` : '',
  ];
  return clipDescription(lines.filter(Boolean).join('\n'));
}

const parserFor = (fallbackTitle: string): FormatParser => ({
  toEvents(body): IngestEvent[] {
    return (body as { alerts: AnyAlert[] }).alerts.map((alert) => ({
      action: alert.status === 'firing' ? 'trigger' : 'resolve',
      dedupKey: alert.fingerprint,
      title: titleOf(alert, fallbackTitle),
      description: descriptionOf(alert),
      severity: severityOf(alert.labels),
      labels: cleanLabels(alert.labels),
    }));
  },
});

export const alertmanager = parserFor('Alertmanager alert');
export const grafana = parserFor('Grafana alert');
