import { type Static, Type } from 'typebox';
import { AUDIT_TARGET_TYPES } from './redaction.js';

const DateTime = Type.String({ format: 'date-time' });
const Nullable = <T extends ReturnType<typeof Type.String>>(schema: T) => Type.Union([schema, Type.Null()]);
/** A record's audited fields (audit/redaction.ts): any JSON object, never a secret. */
const Snapshot = Type.Union([Type.Object({}, { additionalProperties: true }), Type.Null()]);

export const AUDIT_PAGE_DEFAULT = 50;
export const AUDIT_PAGE_MAX = 200;
/** The most entries one export answers: a wider one is narrowed with `since`/`until`. */
export const AUDIT_EXPORT_MAX = 100_000;

export const AuditEntryPublic = Type.Object(
  {
    /** Increasing in the order entries were written: the paging cursor. */
    id: Type.String({ pattern: '^[0-9]+$' }),
    at: DateTime,
    actor_user_id: Nullable(Type.String({ format: 'uuid' })),
    actor_token_id: Nullable(Type.String({ format: 'uuid' })),
    /** The actor's email when they acted (for a refused sign-in: the email tried); `system` for the server itself. */
    actor_label: Nullable(Type.String()),
    address: Nullable(Type.String()),
    /** `<target type>.<verb>`, e.g. `integration.key_rotated`, `signin.refused`. */
    action: Type.String(),
    target_type: Type.String(),
    target_id: Nullable(Type.String()),
    team_id: Nullable(Type.String({ format: 'uuid' })),
    before: Snapshot,
    after: Snapshot,
  },
  { title: 'AuditEntryPublic' },
);
export type AuditEntryPublic = Static<typeof AuditEntryPublic>;

export const AuditLogPage = Type.Object(
  {
    data: Type.Array(AuditEntryPublic),
    /** The `before` of the next (older) page; null on the last page. */
    next_before: Nullable(Type.String({ pattern: '^[0-9]+$' })),
  },
  { title: 'AuditLogPage' },
);
export type AuditLogPage = Static<typeof AuditLogPage>;

/** The filters both the list and the export take. */
const filters = {
  /** A user's or an API token's id. */
  actor: Type.Optional(Type.String({ format: 'uuid' })),
  /** An action (`user.updated`), or a prefix ending in `*` (`integration.*`). */
  action: Type.Optional(Type.String({ minLength: 1, maxLength: 100, pattern: '^[a-z_]+(\\.[a-z_]*)?\\*?$' })),
  target_type: Type.Optional(Type.Union(AUDIT_TARGET_TYPES.map((type) => Type.Literal(type)))),
  target_id: Type.Optional(Type.String({ minLength: 1, maxLength: 100 })),
  /** The team the target belongs to (teams set it). */
  team_id: Type.Optional(Type.String({ format: 'uuid' })),
  /** Entries at or after this instant. */
  since: Type.Optional(DateTime),
  /** Entries before this instant. */
  until: Type.Optional(DateTime),
};

export const AuditLogQuery = Type.Object({
  ...filters,
  /** Entries older than this one (the last page's `next_before`). */
  before: Type.Optional(Type.String({ pattern: '^[0-9]{1,18}$' })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: AUDIT_PAGE_MAX, default: AUDIT_PAGE_DEFAULT })),
});
export type AuditLogQuery = Static<typeof AuditLogQuery>;

export const AuditExportQuery = Type.Object(filters);
export type AuditExportQuery = Static<typeof AuditExportQuery>;
export type AuditFilters = AuditExportQuery & { before?: string };
