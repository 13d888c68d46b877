import { type Static, Type } from 'typebox';

const DateTime = Type.String({ format: 'date-time' });

/** One alert a group alert absorbed (docs/oncall/grouping.md). */
export const AlertOccurrencePublic = Type.Object(
  {
    /** The sender's dedup key (an Alertmanager fingerprint, a PagerDuty dedup_key…). */
    dedup_key: Type.String(),
    title: Type.String(),
    severity: Type.Enum(['critical', 'high', 'warning', 'info']),
    /** The sender's labels, as the alert would have stored them. */
    labels: Type.Record(Type.String(), Type.String()),
    /** When it first joined the group alert. */
    received_at: DateTime,
    /** Its latest trigger (a sender resending a firing alert). */
    last_seen_at: DateTime,
    /** When its sender resolved it; null while it fires. */
    resolved_at: Type.Union([DateTime, Type.Null()]),
  },
  { title: 'AlertOccurrencePublic' },
);
export type AlertOccurrencePublic = Static<typeof AlertOccurrencePublic>;

export const AlertOccurrencesPublic = Type.Object(
  {
    data: Type.Array(AlertOccurrencePublic),
    /** How many the alert lists (at most 1,000; its occurrence_count counts every trigger). */
    count: Type.Integer(),
    /** How many of them still fire. */
    firing: Type.Integer(),
  },
  { title: 'AlertOccurrencesPublic' },
);
export type AlertOccurrencesPublic = Static<typeof AlertOccurrencesPublic>;
