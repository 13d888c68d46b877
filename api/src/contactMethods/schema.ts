import { type Static, Type } from 'typebox';
import { CONTACT_METHOD_KINDS, NOTIFICATION_STATUSES } from '../db/schema.js';

const DateTime = Type.String({ format: 'date-time' });
const Nullable = <T extends Parameters<typeof Type.Union>[0][number]>(t: T) => Type.Union([t, Type.Null()]);

export const MAX_CONTACT_METHODS = 20;
export const MAX_NOTIFICATION_RULES = 20;
export const MAX_RULE_DELAY_MINUTES = 1440;

const Label = Type.String({ minLength: 1, maxLength: 64 });
const Target = Type.String({ minLength: 1, maxLength: 2048 });
const Topic = Type.String({ minLength: 1, maxLength: 64, pattern: '^[-_A-Za-z0-9]+$' });
const AccessToken = Type.String({ minLength: 1, maxLength: 256 });

const Kind = Type.Enum([...CONTACT_METHOD_KINDS], { title: 'ContactMethodKind' });

export const ContactMethodCreate = Type.Object(
  {
    kind: Kind,
    label: Label,
    /** email: the address; webhook and slack: the URL; ntfy: the server's URL (e.g. https://ntfy.sh); sms and voice: the phone number in international format (stored in E.164, e.g. +14155550100). */
    target: Target,
    /** ntfy only: the topic. */
    topic: Type.Optional(Topic),
    /** ntfy only: an access token, sent as a bearer token. */
    access_token: Type.Optional(AccessToken),
  },
  { title: 'ContactMethodCreate', additionalProperties: false },
);
export type ContactMethodCreate = Static<typeof ContactMethodCreate>;

export const ContactMethodUpdate = Type.Object(
  {
    label: Type.Optional(Label),
    /** A new target (or topic) needs a new verification. */
    target: Type.Optional(Target),
    topic: Type.Optional(Topic),
    /** ntfy: a new access token, or null to send none. */
    access_token: Type.Optional(Nullable(AccessToken)),
  },
  { title: 'ContactMethodUpdate', additionalProperties: false },
);
export type ContactMethodUpdate = Static<typeof ContactMethodUpdate>;

/** The outcome of a method's latest "Send a test" since it was verified. */
export const LastMethodTest = Type.Object(
  {
    /** pending: queued or being retried (error: the last attempt's); sent; failed: given up; skipped: not sent (the method changed). */
    status: Type.Enum([...NOTIFICATION_STATUSES], { title: 'NotificationStatus' }),
    requested_at: DateTime,
    sent_at: Nullable(DateTime),
    /** Why the last attempt failed, or why it was skipped; null otherwise. */
    error: Nullable(Type.String()),
  },
  { title: 'LastMethodTest' },
);
export type LastMethodTest = Static<typeof LastMethodTest>;

export const ContactMethodPublic = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    kind: Kind,
    label: Type.String(),
    /** The address, URL or phone number (E.164); a Slack-compatible URL (itself a secret) only as its host and last characters. */
    target: Type.String(),
    topic: Nullable(Type.String()),
    /** The last characters of the webhook's signing secret or of the ntfy access token; null when none. */
    secret_hint: Nullable(Type.String()),
    /** Only verified methods receive alerts. */
    verified: Type.Boolean(),
    verified_at: Nullable(DateTime),
    /** When the last verification code was asked for. */
    code_requested_at: Nullable(DateTime),
    /** The latest test since it was verified (POST …/test), or null. */
    last_test: Nullable(LastMethodTest),
    created_at: DateTime,
    updated_at: DateTime,
  },
  { title: 'ContactMethodPublic' },
);
export type ContactMethodPublic = Static<typeof ContactMethodPublic>;

/** A method as created, or with a new secret: the webhook's signing secret, shown this once. */
export const ContactMethodWithSecret = Type.Object(
  {
    ...ContactMethodPublic.properties,
    /** webhook: the signing secret (shown only now); other kinds: null. */
    secret: Nullable(Type.String()),
  },
  { title: 'ContactMethodWithSecret' },
);
export type ContactMethodWithSecret = Static<typeof ContactMethodWithSecret>;

export const ContactMethodsPublic = Type.Object(
  { data: Type.Array(ContactMethodPublic), count: Type.Integer() },
  { title: 'ContactMethodsPublic' },
);

export const VerificationCode = Type.Object(
  { code: Type.String({ pattern: '^[0-9]{6}$', description: 'The 6-digit code the method received' }) },
  { title: 'VerificationCode', additionalProperties: false },
);

const NotificationRule = Type.Object(
  {
    contact_method_id: Type.String({ format: 'uuid' }),
    /** 0: at once; otherwise only if the alert is still unacknowledged and open by then. */
    delay_minutes: Type.Integer({ minimum: 0, maximum: MAX_RULE_DELAY_MINUTES }),
  },
  { title: 'NotificationRule', additionalProperties: false },
);

export const NotificationRulesUpdate = Type.Object(
  { rules: Type.Array(NotificationRule, { maxItems: MAX_NOTIFICATION_RULES }) },
  { title: 'NotificationRulesUpdate', additionalProperties: false },
);
export type NotificationRulesUpdate = Static<typeof NotificationRulesUpdate>;

export const NotificationRulePublic = Type.Object(
  {
    contact_method_id: Type.String({ format: 'uuid' }),
    delay_minutes: Type.Integer(),
    kind: Kind,
    label: Type.String(),
    verified: Type.Boolean(),
  },
  { title: 'NotificationRulePublic' },
);
export type NotificationRulePublic = Static<typeof NotificationRulePublic>;

export const NotificationRulesPublic = Type.Object(
  { rules: Type.Array(NotificationRulePublic), count: Type.Integer() },
  { title: 'NotificationRulesPublic' },
);
