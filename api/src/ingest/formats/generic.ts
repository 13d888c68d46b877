import { randomUUID } from 'node:crypto';
import { type Static, Type } from 'typebox';
import { ALERT_DESCRIPTION_MAX, ALERT_TITLE_MAX } from '../../alerts/schema.js';
import { ALERT_SEVERITIES } from '../../db/schema.js';
import {
  cleanLabels,
  DEDUP_KEY_MAX,
  type FormatParser,
  type IngestEvent,
  LABEL_NAME_MAX,
  LABEL_VALUE_MAX,
  LABELS_MAX,
  missing,
} from '../events.js';

/** Our own event: one alert per request, in the words of our alert. */
export const GenericEvent = Type.Object(
  {
    action: Type.Enum(['trigger', 'acknowledge', 'resolve'], { title: 'GenericEventAction' }),
    /** Required to trigger. */
    title: Type.Optional(Type.String({ minLength: 1, maxLength: ALERT_TITLE_MAX })),
    description: Type.Optional(Type.Union([Type.String({ maxLength: ALERT_DESCRIPTION_MAX }), Type.Null()])),
    severity: Type.Optional(Type.Enum([...ALERT_SEVERITIES])),
    /** Required to acknowledge or resolve; generated (and answered) for a trigger without one. */
    dedup_key: Type.Optional(Type.String({ minLength: 1, maxLength: DEDUP_KEY_MAX })),
    /** Key/value pairs for routing rules, maintenance matchers and grouping. */
    labels: Type.Optional(
      Type.Record(Type.String({ minLength: 1, maxLength: LABEL_NAME_MAX }), Type.String({ maxLength: LABEL_VALUE_MAX }), {
        maxProperties: LABELS_MAX,
      }),
    ),
  },
  { title: 'GenericEvent' },
);
type GenericEvent = Static<typeof GenericEvent>;

export const generic: FormatParser = {
  check(body) {
    const event = body as GenericEvent;
    if (event.action === 'trigger') return event.title === undefined ? [missing('title')] : [];
    return event.dedup_key === undefined ? [missing('dedup_key')] : [];
  },
  toEvents(body): IngestEvent[] {
    const event = body as GenericEvent;
    return [
      {
        action: event.action,
        dedupKey: event.dedup_key ?? randomUUID(),
        title: event.title ?? '',
        description: event.description?.trim() ? event.description : null,
        severity: event.severity ?? 'warning',
        labels: cleanLabels(event.labels),
      },
    ];
  },
};
