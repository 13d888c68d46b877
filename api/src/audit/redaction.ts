/**
 * What of each kind of record the audit log keeps: an allow-list per target type, so a column
 * added later (a hash, a key, a secret) is left out until someone names it here. Nothing in
 * these lists is a secret: no password or its hash, no ingest key, ping token or their hashes,
 * no contact method's target URL (a Slack or webhook URL is itself a credential) or secret, no
 * verification code. A feature built later (teams, API tokens, sign-in providers) adds its
 * type and fields here, then records with one call (record.ts).
 */
export const AUDITED_FIELDS = {
  user: ['id', 'email', 'full_name', 'is_active', 'is_superuser', 'password_changed'],
  settings: ['require_signed_links', 'signup_open'],
  integration: ['id', 'title', 'description', 'owner_id', 'team_id', 'escalation_policy_id', 'group_by', 'group_window_minutes'],
  escalation_policy: ['id', 'owner_id', 'team_id', 'name', 'description', 'repeat', 'max_level', 'first_level_after_minutes', 'levels'],
  schedule: ['id', 'owner_id', 'team_id', 'name', 'description', 'time_zone'],
  rotation: ['id', 'schedule_id', 'name', 'shift_unit', 'shift_count', 'handoff_time', 'starts_at', 'active_hours', 'user_ids'],
  override: ['id', 'schedule_id', 'kind', 'user_id', 'replaces_user_id', 'starts_at', 'ends_at'],
  contact_method: ['id', 'user_id', 'kind', 'label', 'topic', 'verified_at', 'target_changed', 'secret_changed'],
  notification_rules: ['user_id', 'rules'],
  routing_rules: ['integration_id', 'rules'],
  heartbeat_monitor: ['id', 'integration_id', 'name', 'interval_minutes', 'grace_minutes', 'severity'],
  maintenance_window: [
    'id',
    'team_id',
    'integration_id',
    'name',
    'time_zone',
    'kind',
    'starts_at',
    'ends_at',
    'days',
    'start_time',
    'end_time',
    'ends_on',
    'ended_at',
    'match_mode',
    'matchers',
  ],
  signin: ['email', 'reason'],
  team: ['id', 'name', 'description'],
  team_member: ['team_id', 'user_id', 'role', 'via_sso'],
  team_invite: ['id', 'team_id', 'email', 'role', 'expires_at', 'accepted_at'],
  sso_group_rule: ['id', 'group_name', 'team_id', 'role'],
  // Never the secret, its hash or its prefix.
  api_token: ['id', 'user_id', 'team_id', 'name', 'scopes', 'expires_at', 'revoked_at', 'reason'],
  // Never a secret field (secrets_changed names which were replaced) nor the gateway's headers.
  provider: ['kind', 'account_sid', 'api_key_sid', 'from_number', 'api_base', 'api_url', 'url', 'method', 'secrets_changed'],
  chat_channel: ['id', 'team_id', 'kind', 'label', 'enabled'],
  chat_user_link: ['kind', 'workspace', 'external_user_id', 'user_id'],
  // Never the secret, its hash or its prefix.
  calendar_feed: ['id', 'user_id', 'schedule_id', 'name'],
} as const satisfies Record<string, readonly string[]>;

export type AuditTargetType = keyof typeof AUDITED_FIELDS;
export const AUDIT_TARGET_TYPES = Object.keys(AUDITED_FIELDS) as AuditTargetType[];

/** JSON as stored: dates as ISO text, nested values (a policy's levels, rules) as they are. */
function plain(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return value.map(plain);
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, plain(inner)]));
  }
  return value;
}

/** The audited fields of `record` (those it has), or null for no record. */
export function auditedSnapshot(type: AuditTargetType, record: object | null | undefined): Record<string, unknown> | null {
  if (!record) return null;
  const fields: readonly string[] = AUDITED_FIELDS[type];
  const kept: Record<string, unknown> = {};
  for (const field of fields) {
    if (field in record) kept[field] = plain((record as Record<string, unknown>)[field]);
  }
  return kept;
}
