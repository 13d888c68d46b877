import { type TSchema, Type } from 'typebox';
import { IDENTIFIER_TYPES } from './alerts.js';

/** The drop-in's request and answer shapes beyond the create body (formats/opsgenie.ts) and the answers (answers.ts). */
const orNull = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));

export const IdentifierParams = Type.Object({ identifier: Type.String() });
export const IdentifierQuery = Type.Object({
  identifierType: Type.Optional(Type.Enum([...IDENTIFIER_TYPES], { title: 'OpsgenieIdentifierType', default: 'id' })),
});
export const RequestParams = Type.Object({ requestId: Type.String() });
export const HeartbeatNameParams = Type.Object({ name: Type.String() });

/** Acknowledge, close, escalate: Opsgenie's fields, read by nobody here (the history records the sender's address). */
export const OpsgenieActionBody = Type.Object(
  {
    user: orNull(Type.String()),
    source: orNull(Type.String()),
    note: orNull(Type.String()),
    /** Escalate: Opsgenie's escalation to follow; Vigil climbs the alert's own policy whatever is named. */
    escalation: orNull(Type.Unknown()),
  },
  { title: 'OpsgenieActionBody', additionalProperties: true },
);

export const OpsgenieMessageBody = Type.Object({ message: Type.String() }, { title: 'OpsgenieUpdateMessage', additionalProperties: true });
export const OpsgenieDescriptionBody = Type.Object(
  { description: Type.String() },
  { title: 'OpsgenieUpdateDescription', additionalProperties: true },
);

export const OpsgenieAlertData = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    tinyId: Type.String(),
    alias: Type.String(),
    message: Type.String(),
    status: Type.Enum(['open', 'closed']),
    acknowledged: Type.Boolean(),
    isSeen: Type.Boolean(),
    tags: Type.Array(Type.String()),
    snoozed: Type.Boolean(),
    count: Type.Integer(),
    lastOccurredAt: Type.String({ format: 'date-time' }),
    createdAt: Type.String({ format: 'date-time' }),
    updatedAt: Type.String({ format: 'date-time' }),
    source: Type.String(),
    owner: Type.String(),
    priority: Type.String(),
    responders: Type.Array(Type.Unknown()),
    integration: Type.Object({ id: Type.String({ format: 'uuid' }), name: Type.String(), type: Type.String() }),
    entity: Type.String(),
    description: Type.String(),
    details: Type.Record(Type.String(), Type.String()),
  },
  { title: 'OpsgenieAlert' },
);

export const OpsgenieAlertAnswer = Type.Object(
  { data: OpsgenieAlertData, took: Type.Number(), requestId: Type.String({ format: 'uuid' }) },
  { title: 'OpsgenieGetAlert' },
);
