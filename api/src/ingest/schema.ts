import { type Static, Type } from 'typebox';
import { INGEST_FORMATS } from './events.js';

const Uuid = Type.String({ format: 'uuid' });

/** What became of one event (one dedup key) of a body. */
export const IngestedAlert = Type.Object(
  {
    dedup_key: Type.String(),
    /** null when nothing was done: an acknowledge or resolve for a key with no open alert, or an event a routing rule dropped. */
    alert_id: Type.Union([Uuid, Type.Null()]),
    result: Type.Enum(['created', 'updated', 'acknowledged', 'resolved', 'ignored', 'dropped'], { title: 'IngestResultKind' }),
  },
  { title: 'IngestedAlert' },
);

/**
 * 202, shaped like PagerDuty's answer (`status`, `message`, `dedup_key`) so its clients read
 * it, plus the format understood and the fate of each alert.
 */
export const IngestResult = Type.Object(
  {
    status: Type.Literal('success'),
    message: Type.String(),
    format: Type.Enum([...INGEST_FORMATS], { title: 'IngestFormat' }),
    /** The dedup key of the first event (a PagerDuty or generic event has one); null for an empty batch. */
    dedup_key: Type.Union([Type.String(), Type.Null()]),
    alerts: Type.Array(IngestedAlert),
  },
  { title: 'IngestResult' },
);
export type IngestResult = Static<typeof IngestResult>;

/** A freshly issued key: answered once, never readable again. */
export const IngestKey = Type.Object(
  {
    ingest_key: Type.String(),
    /** Where senders post: FRONTEND_HOST/api/v1/ingest/{key}. */
    ingest_url: Type.String(),
  },
  { title: 'IngestKey' },
);
export type IngestKey = Static<typeof IngestKey>;

export const IngestParams = Type.Object({ key: Type.String() });
