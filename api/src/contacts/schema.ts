import { type Static, Type } from 'typebox';
import { CONTACT_STATUSES } from '../db/schema.js';

const DateTime = Type.String({ format: 'date-time' });
const NullableDateTime = Type.Union([DateTime, Type.Null()]);

/** unconfirmed: no alert reaches it yet; confirmed: alerts do; declined: it refused them. */
export const ContactStatusSchema = Type.Enum([...CONTACT_STATUSES], { title: 'ContactStatus' });

/** An escalation contact of a policy and where its confirmation stands. */
export const EscalationContactPublic = Type.Object(
  {
    email: Type.String(),
    status: ContactStatusSchema,
    /** The last confirmation email queued; null: never asked (a contact older than confirmation, or the daily limit ran out). */
    confirmation_requested_at: NullableDateTime,
    /** When the owner may send another confirmation; null: now, or not at all (confirmed or declined). */
    resend_available_at: NullableDateTime,
    confirmed_at: NullableDateTime,
    /** Confirmed by a superuser, not by the person through the link. */
    confirmed_by_admin: Type.Boolean(),
  },
  { title: 'EscalationContactPublic' },
);
export type EscalationContactPublic = Static<typeof EscalationContactPublic>;

export const EscalationContactsPublic = Type.Object(
  { data: Type.Array(EscalationContactPublic), count: Type.Integer() },
  { title: 'EscalationContactsPublic' },
);

/** The contact a call is about: an address of the integration's policy. */
export const ContactAddress = Type.Object(
  { email: Type.String({ format: 'email', maxLength: 254 }) },
  { title: 'ContactAddress', additionalProperties: false },
);
export type ContactAddress = Static<typeof ContactAddress>;

/** The token of a confirmation link (`?t=` of /contacts/confirm). */
export const ConfirmationToken = Type.Object(
  { token: Type.String({ minLength: 1, maxLength: 512 }) },
  { title: 'ContactConfirmationToken', additionalProperties: false },
);
export type ConfirmationToken = Static<typeof ConfirmationToken>;

/** What a confirmation link is about: the address, who named it as a contact, and its answer so far. */
export const ContactConfirmationPublic = Type.Object(
  {
    email: Type.String(),
    /** The email of the account whose escalation policies name the address. */
    requested_by: Type.String(),
    status: ContactStatusSchema,
    expires_at: DateTime,
  },
  { title: 'ContactConfirmationPublic' },
);
export type ContactConfirmationPublic = Static<typeof ContactConfirmationPublic>;
