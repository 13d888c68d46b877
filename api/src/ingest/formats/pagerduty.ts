import { randomUUID } from 'node:crypto';
import { type Static, Type } from 'typebox';
import type { AlertSeverity } from '../../db/schema.js';
import {
  cleanLabels,
  clipDescription,
  clipTitle,
  DEDUP_KEY_MAX,
  type FormatParser,
  type IngestEvent,
  type Labels,
  missing,
} from '../events.js';

/**
 * PagerDuty Events API v2 (alert events), as documented by PagerDuty. On /api/v1/ingest/{key}
 * `routing_key` is accepted and ignored (the key in the URL authenticates); on the drop-in
 * /v2/enqueue it is the integration key (ingest/enqueue.ts).
 *
 * Open on purpose (additionalProperties: true), unlike our own request bodies: PagerDuty's
 * clients send fields we do not read (Alertmanager's empty v1 fields, a vendor's extras), and
 * PagerDuty accepts them, so refusing one would break a sender that works with PagerDuty.
 */
// Open, as the event (a sender's extra keys are PagerDuty's to ignore, and ours).
const PagerDutyImage = Type.Object(
  { src: Type.String(), href: Type.Optional(Type.String()), alt: Type.Optional(Type.String()) },
  { title: 'PagerDutyImage', additionalProperties: true },
);
const PagerDutyLink = Type.Object(
  { href: Type.String(), text: Type.Optional(Type.String()) },
  { title: 'PagerDutyLink', additionalProperties: true },
);

export const PagerDutyEvent = Type.Object(
  {
    routing_key: Type.Optional(Type.String()),
    event_action: Type.Enum(['trigger', 'acknowledge', 'resolve'], { title: 'PagerDutyEventAction' }),
    /** Required to acknowledge or resolve; generated (and answered) for a trigger without one. */
    dedup_key: Type.Optional(Type.String({ minLength: 1, maxLength: DEDUP_KEY_MAX })),
    /** Required to trigger. */
    payload: Type.Optional(
      Type.Object(
        {
          summary: Type.String({ minLength: 1, maxLength: 1024 }),
          source: Type.String({ minLength: 1 }),
          severity: Type.Enum(['critical', 'error', 'warning', 'info']),
          timestamp: Type.Optional(Type.String()),
          component: Type.Optional(Type.String()),
          group: Type.Optional(Type.String()),
          class: Type.Optional(Type.String()),
          custom_details: Type.Optional(Type.Unknown()),
        },
        // Open: see above.
        { title: 'PagerDutyPayload', additionalProperties: true },
      ),
    ),
    images: Type.Optional(Type.Array(PagerDutyImage)),
    links: Type.Optional(Type.Array(PagerDutyLink)),
    client: Type.Optional(Type.String()),
    client_url: Type.Optional(Type.String()),
  },
  // Open: see above.
  { title: 'PagerDutyEvent', additionalProperties: true },
);
type PagerDutyEvent = Static<typeof PagerDutyEvent>;

/** PagerDuty's four severities; "error" is our "high". */
const SEVERITIES: Record<string, AlertSeverity> = { critical: 'critical', error: 'high', warning: 'warning', info: 'info' };

function descriptionOf(event: PagerDutyEvent): string | null {
  const p = event.payload;
  if (!p) return null;
  const details = p.custom_details === undefined ? '' : JSON.stringify(p.custom_details, null, 2);
  const lines = [
    `Source: ${p.source}`,
    p.component ? `Component: ${p.component}` : '',
    p.group ? `Group: ${p.group}` : '',
    p.class ? `Class: ${p.class}` : '',
    event.client ? `Client: ${event.client}${event.client_url ? ` (${event.client_url})` : ''}` : '',
    ...(event.links ?? []).map((l) => `Link: ${l.text ? `${l.text} ` : ''}${l.href}`),
    ...(event.images ?? []).map((i) => `Image: ${i.alt ? `${i.alt} ` : ''}${i.src}`),
    details ? `Details: ${details}` : '',
  ];
  return clipDescription(lines.filter(Boolean).join('\n'));
}

/**
 * The payload's scalar custom details, then its named fields over them (`source`,
 * `component`, `group`, `class`, `severity`): what rules match on.
 */
function labelsOf(event: PagerDutyEvent): Labels {
  const p = event.payload;
  if (!p) return {};
  const details =
    p.custom_details !== null && typeof p.custom_details === 'object' && !Array.isArray(p.custom_details) ? p.custom_details : {};
  const { source, component, group, severity } = p;
  return cleanLabels({ ...(details as Record<string, unknown>), source, component, group, class: p.class, severity });
}

export const pagerduty: FormatParser = {
  check(body) {
    const event = body as PagerDutyEvent;
    if (event.event_action === 'trigger') return event.payload === undefined ? [missing('payload')] : [];
    return event.dedup_key === undefined ? [missing('dedup_key')] : [];
  },
  toEvents(body): IngestEvent[] {
    const event = body as PagerDutyEvent;
    return [
      {
        action: event.event_action,
        // Like PagerDuty: a trigger without a key gets a fresh one, answered so it can be resolved.
        dedupKey: event.dedup_key ?? randomUUID(),
        title: event.payload ? clipTitle(event.payload.summary) : '',
        description: descriptionOf(event),
        severity: SEVERITIES[event.payload?.severity ?? 'warning'] ?? 'warning',
        labels: labelsOf(event),
      },
    ];
  },
};
