import type { ColumnType, Generated, Insertable, Selectable } from 'kysely';

/** Row types as Kysely sees the tables of migrations/. */
type CreatedAt = ColumnType<Date, Date | string | undefined, never>;
type UpdatedAt = ColumnType<Date, Date | string | undefined, Date | string>;

export const ALERT_STATES = ['open', 'acknowledged', 'escalated', 'closed'] as const;
export type AlertState = (typeof ALERT_STATES)[number];
export const ALERT_SEVERITIES = ['critical', 'high', 'warning', 'info'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];
export const ALERT_ACTIONS = ['acknowledge', 'escalate', 'close'] as const;
export type AlertAction = (typeof ALERT_ACTIONS)[number];
/**
 * Who changed a state: a signed-in user, the public link, a monitoring tool through ingestion, the
 * escalation policy's timer, or a person answering where the notification reached them (a reply
 * by SMS, a key pressed on a call, a chat button).
 */
export const ALERT_EVENT_VIAS = [
  'console',
  'link',
  'integration',
  'policy',
  'sms',
  'voice',
  'slack',
  'mattermost',
  'rocketchat',
  'telegram',
] as const;
export type AlertEventVia = (typeof ALERT_EVENT_VIAS)[number];

export interface UsersTable {
  id: Generated<string>;
  email: string;
  full_name: string | null;
  hashed_password: string;
  is_active: Generated<boolean>;
  is_superuser: Generated<boolean>;
  /** Bumped on password change or deactivation: tokens carrying an older value are void. */
  token_version: Generated<number>;
  created_at: CreatedAt;
}

export interface IntegrationsTable {
  id: Generated<string>;
  title: string;
  description: string | null;
  /** Who made it; null once that user is deleted (migration 0022): the team keeps it. */
  owner_id: ColumnType<string | null, string, never>;
  /** The team it belongs to: who sees and changes it (migration 0022). */
  team_id: string;
  created_at: CreatedAt;
  /** SHA-256 (hex) of the ingest key; null until one is issued (integrations older than 0003). */
  ingest_key_hash: ColumnType<string | null, string | null | undefined, string | null>;
  /** The escalation policy its alerts follow (migration 0017); null: every active superuser, by hand. */
  escalation_policy_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** The label names whose values group its alerts (migration 0036); empty: no grouping. */
  group_by: ColumnType<string[], string[] | undefined, string[]>;
  /** How long a group's alert absorbs new alerts of its group, from its opening (migration 0036). */
  group_window_minutes: ColumnType<number, number | undefined, number>;
}

/** Whom one level of an escalation policy reaches. */
export interface EscalationTargets {
  user_ids: string[];
  /** Reaches whoever is on call in the schedule when the level is reached. */
  schedule_ids: string[];
  /** External addresses: reached only once confirmed (contacts/). */
  emails: string[];
}

export interface EscalationLevel {
  /** How long this level is given before the timer escalates to the next; null: the timer stops here. */
  delay_minutes: number | null;
  targets: EscalationTargets;
}

/** An escalation policy (migration 0017; docs/oncall/escalation-policies.md). */
export interface EscalationPoliciesTable {
  id: Generated<string>;
  /** Who made it; null once that user is deleted (migration 0022): the team keeps it. */
  owner_id: ColumnType<string | null, string, never>;
  /** The team it belongs to: who sees and changes it (migration 0022). */
  team_id: string;
  name: string;
  description: string | null;
  repeat: number;
  /** The highest level (counted through repeats) the timer escalates to; null: the end of the last repeat. */
  max_level: number | null;
  /** Minutes a new alert waits before level 1 (migration 0019); null: level 1's own delay. */
  first_level_after_minutes: ColumnType<number | null, number | null | undefined, number | null>;
  /** Written as JSON text. */
  levels: ColumnType<EscalationLevel[], string, string>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

export interface AlertsTable {
  id: Generated<string>;
  title: string;
  description: string | null;
  state: Generated<AlertState>;
  severity: Generated<AlertSeverity>;
  escalation_level: Generated<number>;
  integration_id: string | null;
  /** Who made it; null once that user is deleted (migration 0022): the team keeps it. */
  owner_id: ColumnType<string | null, string, never>;
  /** The team it belongs to: who sees and changes it (migration 0022). */
  team_id: string;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
  /** Set on ingested alerts: one not-closed alert per (integration_id, dedup_key). */
  dedup_key: ColumnType<string | null, string | null | undefined, string | null>;
  occurrence_count: Generated<number>;
  last_seen_at: UpdatedAt;
  /** The last escalation: a second one soon after is ignored (ESCALATION_REPEAT_WINDOW_SECONDS), in any state. */
  escalated_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The times of the latest escalations, oldest first (at most ESCALATION_MAX_ROUNDS_PER_HOUR kept). */
  recent_escalations: ColumnType<Date[], never, Date[]>;
  /** When the escalation policy escalates this alert unless it is acknowledged first. */
  next_escalation_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The sender's key/value pairs (migration 0032; ingest/events.ts caps them). */
  labels: ColumnType<Record<string, string>, Record<string, string> | undefined, Record<string, string>>;
  /** The policy a routing rule chose; null follows the integration's (migration 0032). */
  escalation_policy_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** Stored during a maintenance window: pages nobody until then (migration 0032). */
  silenced_until: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The window that silenced it (migration 0034's key); kept after the window's end, null once the window is deleted. */
  maintenance_window_id: ColumnType<string | null, string | null | undefined, string | null>;
  /** A group alert's key (migration 0036; grouping/): null for any other alert. */
  group_key: ColumnType<string | null, string | null | undefined, string | null>;
  /** Opsgenie's short alert number (migration 0037): one sequence for the instance; null on alerts closed before it. */
  tiny_id: ColumnType<number | null, never, never>;
}

/** One alert a group alert absorbed (migration 0036): a sender's dedup key, as first received. */
export interface AlertOccurrencesTable {
  alert_id: string;
  dedup_key: string;
  integration_id: string;
  title: string;
  severity: AlertSeverity;
  labels: ColumnType<Record<string, string>, string, string>;
  received_at: ColumnType<Date, Date | string, Date | string>;
  last_seen_at: ColumnType<Date, Date | string, Date | string>;
  resolved_at: ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
}

export const MAINTENANCE_KINDS = ['one_off', 'weekly'] as const;
export type MaintenanceKind = (typeof MAINTENANCE_KINDS)[number];

/** A team's planned work: alerts it matches page nobody while it lasts (migration 0034; maintenance/). */
export interface MaintenanceWindowsTable {
  id: Generated<string>;
  team_id: string;
  /** Null: every integration of the team. */
  integration_id: ColumnType<string | null, string | null | undefined, never>;
  name: string;
  /** IANA zone of a weekly window's days and times (a one-off's is for display). */
  time_zone: string;
  kind: MaintenanceKind;
  /** One-off only. */
  starts_at: Date | null;
  ends_at: Date | null;
  /** Weekly only: ISO weekdays (1 = Monday), 'HH:mm' local, 'HH:mm' or '24:00' (not after start: past midnight). */
  days: number[] | null;
  start_time: string | null;
  end_time: string | null;
  /** Weekly: the last local date an occurrence starts on ('YYYY-MM-DD'); null: no end. */
  ends_on: string | null;
  /** Ended by hand: the occurrence in progress then ended at this instant. */
  ended_at: Date | null;
  match_mode: 'all' | 'any';
  /** [{field, op, value?}] (ingest/matchers.ts); written as JSON text. */
  matchers: ColumnType<{ field: string; op: string; value?: string }[], string | undefined, string>;
  created_by: ColumnType<string | null, string | null, never>;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** A key an integration had at another vendor, hashed as ingest keys are (migration 0032). */
export interface IntegrationLegacyKeysTable {
  key_hash: string;
  integration_id: string;
  vendor: 'opsgenie' | 'oncall';
  created_at: CreatedAt;
}

/** What an importer made of another vendor's object (migration 0038; api/src/importers/). */
export interface ImportMappingsTable {
  vendor: 'opsgenie' | 'oncall';
  source_kind: string;
  source_id: string;
  vigil_kind: string;
  vigil_id: string;
  /** SHA-256 of what the source object asked for when it was last applied. */
  fingerprint: string;
  imported_at: ColumnType<Date, Date | string | undefined, Date | string>;
}

/** What became of one request to the Opsgenie drop-in, read back by the integration's keys (migration 0037). */
export interface OpsgenieRequestsTable {
  id: string;
  integration_id: string;
  /** Opsgenie's name of it: Create, Acknowledge, Close, Escalate, UpdateMessage, UpdateDescription. */
  action: string;
  success: boolean;
  status: string;
  alert_id: string | null;
  alias: string | null;
  processed_at: Date;
}

/** An integration's routing rule (migration 0033; docs/oncall/routing.md). */
export interface RoutingRulesTable {
  id: Generated<string>;
  integration_id: string;
  /** 0 first: rules are evaluated in this order. */
  position: number;
  name: string;
  mode: 'all' | 'any';
  /** ingest/matchers.ts's Matcher list, written as JSON text. */
  matchers: ColumnType<{ field: string; op: string; value?: string }[], string, string>;
  action: 'route' | 'severity' | 'drop';
  /** The policy a `route` rule sends to (of the integration's team); null otherwise. */
  escalation_policy_id: string | null;
  /** The severity a `severity` rule sets (a `route` rule may set one too); null otherwise. */
  severity: AlertSeverity | null;
  created_at: CreatedAt;
  updated_at: UpdatedAt;
}

/** An event a drop rule kept out (migration 0033): the integration's history, capped per integration. */
export interface RoutingDropsTable {
  id: ColumnType<string, never, never>;
  integration_id: string;
  /** Null once the rule is deleted; its name stays. */
  rule_id: string | null;
  rule_name: string;
  dedup_key: string;
  title: string;
  severity: AlertSeverity;
  labels: ColumnType<Record<string, string>, string, never>;
  dropped_at: ColumnType<Date, Date | undefined, never>;
}

export interface AlertEventsTable {
  id: Generated<string>;
  alert_id: string;
  action: AlertAction;
  from_state: AlertState;
  to_state: AlertState;
  /** The signed-in user who acted, or null when the action came through a public link. */
  actor_id: string | null;
  via: AlertEventVia;
  client_ip: string | null;
  created_at: CreatedAt;
  /** The address a signed notification link was mailed to, when the change came through one. */
  recipient: ColumnType<string | null, string | null | undefined, never>;
}

/** Settings an administrator changes at run time: one row (id 1), shared by every replica. */
export interface AppSettingsTable {
  id: ColumnType<number, never, never>;
  require_signed_links: boolean;
  /** Whether `POST /users/signup` creates accounts (migration 0020); closed, only a superuser adds users. */
  signup_open: boolean;
  updated_at: UpdatedAt;
  updated_by: string | null;
}

/** The emails an alert causes; `contact_confirmation` asks an escalation contact to confirm their address (no alert). */
export const ALERT_NOTIFICATION_KINDS = ['new_alert', 'escalation'] as const;
/**
 * chat_update: a chat message about an alert brought up to date; method_test: the "send a test"
 * of a contact method; bundle: the one message that tells a person of the alerts held past
 * their limit (migration 0031; contactMethods/notificationLimits.ts).
 */
export const NOTIFICATION_KINDS = [
  ...ALERT_NOTIFICATION_KINDS,
  'contact_confirmation',
  'contact_verification',
  'chat_update',
  'method_test',
  'bundle',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
/** pending: on its way (queued, or retrying after a failure); sent; failed: retries exhausted; skipped: never sent (see skipped_reason). */
export const NOTIFICATION_STATUSES = ['pending', 'sent', 'failed', 'skipped'] as const;
export type NotificationStatus = (typeof NOTIFICATION_STATUSES)[number];
/**
 * Why a notification was not sent: its escalation contact has not confirmed their address, or
 * declined; its contact method is not verified; a delayed one's alert was acknowledged or
 * closed before it was due; its contact method (or chat channel) was deleted before it left;
 * superseded: a chat message's update made pointless (the message, posted later, already
 * shows the alert as it is; or the kind cannot update a message); bundled: past its user's limit
 * for the kind, told in a bundle instead; duplicate_call: a voice call an earlier round already
 * made for the alert within the limits' window.
 */
export const SKIPPED_REASONS = [
  'unconfirmed',
  'declined',
  'unverified',
  'acknowledged',
  'closed',
  'method_deleted',
  'superseded',
  'bundled',
  'duplicate_call',
] as const;
export type SkippedReason = (typeof SKIPPED_REASONS)[number];

/** One email to one recipient about one alert, or a contact's confirmation email (migrations 0009, 0013). */
export interface NotificationsTable {
  id: Generated<string>;
  /** Null only for a contact confirmation. */
  alert_id: string | null;
  kind: NotificationKind;
  level: ColumnType<number, number | undefined, never>;
  recipient: string;
  /** A contact confirmation: the owner whose contact `recipient` is. */
  contact_owner_id: ColumnType<string | null, string | null | undefined, never>;
  status: ColumnType<NotificationStatus, NotificationStatus | undefined, NotificationStatus>;
  skipped_reason: ColumnType<SkippedReason | null, SkippedReason | null | undefined, SkippedReason | null>;
  attempts: ColumnType<number, never, number>;
  last_error: ColumnType<string | null, never, string | null>;
  created_at: CreatedAt;
  sent_at: ColumnType<Date | null, never, Date | null>;
  /** How it leaves (migration 0018): email for everything but a user's other contact methods. */
  channel: ColumnType<NotificationChannel, NotificationChannel | undefined, never>;
  /** The user's contact method it goes through (null: an account or policy address, or the method was deleted). */
  contact_method_id: ColumnType<string | null, string | null | undefined, never>;
  /** That method's label when it was written, kept after the method is gone. */
  method_label: ColumnType<string | null, string | null | undefined, never>;
  /** A notification rule's delay: not queued before this time. */
  send_after: ColumnType<Date | null, Date | null | undefined, never>;
  /**
   * The user it reaches, through a contact method or the account's address (migration 0021):
   * only they and superusers are shown its recipient and its error. Null for an address.
   */
  user_id: ColumnType<string | null, string | null | undefined, never>;
  /** A post to (or an update of) a team's chat channel (migration 0027). */
  chat_channel_id: ColumnType<string | null, string | null | undefined, never>;
  /** When it counts against its user's limit for its kind, by the app's clock; null: not counted (migration 0031). */
  limit_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** A notification held past the limit: the bundle that tells of it. */
  bundle_id: ColumnType<string | null, string | null | undefined, never>;
}

/** Ids of notifications not yet handed to the job queue (a trigger fills it; the relay empties it). */
export interface NotificationOutboxTable {
  notification_id: string;
  /** The relay leaves the row until then (a rule's delay). */
  send_after: ColumnType<Date | null, Date | null | undefined, never>;
}

export const CONTACT_METHOD_KINDS = ['email', 'webhook', 'slack', 'ntfy', 'sms', 'voice'] as const;
export type ContactMethodKind = (typeof CONTACT_METHOD_KINDS)[number];
/** A team's chat channel (migration 0027): `slack_app` is the two-way Slack app, not an incoming webhook. */
export const CHAT_KINDS = ['slack_app', 'mattermost', 'rocketchat', 'msteams', 'telegram'] as const;
export type ChatKind = (typeof CHAT_KINDS)[number];
export type NotificationChannel = ContactMethodKind | ChatKind;
/** The services a superuser configures once for everyone (migration 0027). */
export const PROVIDER_KINDS = ['twilio', 'sms_gateway', 'slack_app', 'telegram'] as const;
export type ProviderKind = (typeof PROVIDER_KINDS)[number];

/** How one user is reached (migration 0018). */
export interface ContactMethodsTable {
  id: Generated<string>;
  user_id: string;
  kind: ContactMethodKind;
  label: string;
  /** The email address, the webhook or Slack-compatible URL, or the ntfy server URL. */
  target: string;
  /** ntfy only. */
  topic: string | null;
  /** A webhook's signing secret or an ntfy access token; never answered after creation. */
  secret: string | null;
  verified_at: Date | null;
  /** SHA-256 of the outstanding verification code (bound to the method). */
  code_hash: string | null;
  code_expires_at: Date | null;
  code_attempts: ColumnType<number, number | undefined, number>;
  code_requested_at: Date | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** A superuser-configured provider: its settings, and its secrets encrypted (providers/secretBox.ts). */
export interface NotificationProvidersTable {
  kind: ProviderKind;
  config: ColumnType<Record<string, unknown>, string, string>;
  secrets: string | null;
  updated_at: ColumnType<Date, Date | undefined, Date>;
  updated_by: string | null;
}

/** Where a team's alerts are posted in chat; `target` is a channel or chat id, or a webhook URL, by kind. */
export interface ChatChannelsTable {
  id: Generated<string>;
  team_id: string;
  kind: ChatKind;
  label: string;
  target: string;
  /** A per-channel secret (a callback's shared secret); never answered after creation. */
  secret: string | null;
  enabled: ColumnType<boolean, boolean | undefined, boolean>;
  created_by: string | null;
  created_at: CreatedAt;
  updated_at: ColumnType<Date, Date | undefined, Date>;
}

/** The message posted about an alert in a chat channel, by its id there, so it can be updated in place. */
export interface ChatMessagesTable {
  alert_id: string;
  chat_channel_id: string;
  external_id: string;
  posted_at: CreatedAt;
}

/** A chat user (a Slack member, a Telegram user...) linked to the Vigil user their button presses act as. */
export interface ChatUserLinksTable {
  kind: string;
  /** The Slack workspace (team id) or '' where the kind has one namespace. */
  workspace: ColumnType<string, string | undefined, string>;
  external_user_id: string;
  user_id: string;
  linked_at: CreatedAt;
}

/** A one-time link tying a chat user to the Vigil user who claims it (migration 0029); only its hash is kept. */
export interface ChatLinkTokensTable {
  token_hash: string;
  kind: string;
  workspace: ColumnType<string, string | undefined, string>;
  external_user_id: string;
  expires_at: Date;
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
}

/** A one-time chat link token already claimed, kept until it expires (migration 0030; chat/linkTokens.ts). */
export interface ChatLinkClaimsTable {
  token_id: string;
  expires_at: Date;
}

/** One step of a user's notification rules: a method and its delay, in `position` order. */
export interface NotificationRulesTable {
  user_id: string;
  position: number;
  contact_method_id: string;
  delay_minutes: number;
}

export interface PasswordResetTokensTable {
  /** SHA-256 of the token: a database leak does not leak usable tokens. */
  token_hash: string;
  user_id: string;
  expires_at: Date;
  used_at: Date | null;
  created_at: CreatedAt;
}

export const CONTACT_STATUSES = ['unconfirmed', 'confirmed', 'declined'] as const;
export type ContactStatus = (typeof CONTACT_STATUSES)[number];

/** An owner's escalation contact: whether the address confirmed it wants their alerts (migration 0013). */
export interface EscalationContactsTable {
  owner_id: string;
  email: string;
  status: ColumnType<ContactStatus, ContactStatus | undefined, ContactStatus>;
  /** The last confirmation email queued; null: never asked. */
  confirmation_requested_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  confirmed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** The superuser who marked it confirmed; null when the person confirmed by the link. */
  confirmed_by: ColumnType<string | null, string | null | undefined, string | null>;
  declined_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
}

export interface ContactConfirmationTokensTable {
  /** SHA-256 of the token mailed to the contact. */
  token_hash: string;
  owner_id: string;
  email: string;
  expires_at: Date;
  used_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
}

/** Exact per-owner row counts kept by triggers, so a list's `count` is O(1), not O(rows). */
export interface HeartbeatMonitorsTable {
  id: Generated<string>;
  integration_id: string;
  name: string;
  interval_minutes: number;
  grace_minutes: number;
  severity: AlertSeverity;
  /** SHA-256 (hex) of the ping URL's token. */
  ping_token_hash: string;
  last_ping_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  /** A miss once this passes without a ping: the last ping (or creation) + interval + grace. */
  due_at: ColumnType<Date, Date, Date>;
  /** Set when the checker raised the missed-ping alert; cleared by the next ping. */
  missed_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
}

/** An on-call schedule (migration 0016): its rotations and overrides are rows of their own. */
export interface SchedulesTable {
  id: Generated<string>;
  name: string;
  description: string | null;
  /** IANA zone of its hand-off times and active hours. */
  time_zone: string;
  /** Who made it; null once that user is deleted (migration 0022): the team keeps it. */
  owner_id: ColumnType<string | null, string, never>;
  /** The team it belongs to: who sees and changes it (migration 0022). */
  team_id: string;
  created_at: CreatedAt;
}

export const SHIFT_UNITS = ['hours', 'days', 'weeks'] as const;
export type ShiftUnit = (typeof SHIFT_UNITS)[number];

export interface ScheduleRotationsTable {
  id: Generated<string>;
  schedule_id: string;
  name: string;
  shift_unit: ShiftUnit;
  shift_count: number;
  /** 'HH:mm' in the schedule's zone (days and weeks). */
  handoff_time: string;
  starts_at: Date;
  /** [{days, start, end}] (oncall/activeHours.ts); written as JSON text. */
  active_hours: ColumnType<{ days: number[]; start: string; end: string }[], string | undefined, string>;
  created_at: CreatedAt;
}

export interface ScheduleRotationMembersTable {
  rotation_id: string;
  /** 0-based turn order. */
  position: number;
  user_id: string;
}

export const OVERRIDE_KINDS = ['replace', 'add', 'remove'] as const;
export type OverrideKindValue = (typeof OVERRIDE_KINDS)[number];

export interface ScheduleOverridesTable {
  id: Generated<string>;
  schedule_id: string;
  kind: OverrideKindValue;
  user_id: string;
  replaces_user_id: string | null;
  starts_at: Date;
  ends_at: Date;
  /** The order overrides apply in: distinct per schedule, to the millisecond. */
  created_at: ColumnType<Date, Date, never>;
}

export const TEAM_ROLES = ['admin', 'responder', 'observer'] as const;
/** admin: the team, its members and all it owns; responder: acts on its alerts; observer: reads. */
export type TeamRole = (typeof TEAM_ROLES)[number];

/** A team (migration 0022): what integrations, policies, schedules and alerts belong to. */
export interface TeamsTable {
  id: Generated<string>;
  name: string;
  description: string | null;
  created_by: string | null;
  /** The user whose own team it is (made for them on their first creation): at most one each. */
  personal_of: ColumnType<string | null, string | null | undefined, string | null>;
  created_at: CreatedAt;
}

export interface TeamMembersTable {
  team_id: string;
  user_id: string;
  role: TeamRole;
  /** Made by a single sign-on group rule (migration 0026): a sign-in without the group takes it away. */
  via_sso: ColumnType<boolean, boolean | undefined, boolean>;
  created_at: CreatedAt;
}

/** A provider group that gives a team membership with a role (migration 0026). */
export interface SsoGroupRulesTable {
  id: Generated<string>;
  group_name: string;
  team_id: string;
  role: TeamRole;
  created_at: CreatedAt;
}

/** An invitation to a team by email (migration 0022): its link's token is kept as a hash only. */
export interface TeamInvitesTable {
  id: Generated<string>;
  team_id: string;
  email: string;
  role: TeamRole;
  token_hash: string;
  invited_by: string | null;
  expires_at: Date;
  accepted_at: ColumnType<Date | null, Date | null | undefined, Date | null>;
  created_at: CreatedAt;
}

/** Exact per-team counts, striped and summed on read as owner_counts (migration 0022). */
export interface TeamCountsTable {
  team_id: string;
  slot: ColumnType<number, number | undefined, never>;
  alerts: ColumnType<number, number | undefined, number>;
  integrations: ColumnType<number, number | undefined, number>;
}

export interface OwnerCountsTable {
  owner_id: string;
  /** Up to 16 rows per owner, summed on read (migration 0011). */
  slot: ColumnType<number, number | undefined, never>;
  alerts: ColumnType<number, number | undefined, number>;
  integrations: ColumnType<number, number | undefined, number>;
}

export const VERIFICATION_EVENT_KINDS = ['code_sent', 'wrong_code'] as const;
export type VerificationEventKind = (typeof VERIFICATION_EVENT_KINDS)[number];

/** A verification code sent, or a wrong one entered (migration 0021): what the limits on codes count. */
export interface VerificationEventsTable {
  id: ColumnType<string, never, never>;
  kind: VerificationEventKind;
  user_id: string;
  /** The keyed hash of the method's normalised target (contactMethods/codeLimits.ts). */
  target_hash: string;
  created_at: Date;
}

/** Who a provider's (issuer, subject) is here, and what it said at the last sign-in (migration 0024). */
export interface UserSsoIdentitiesTable {
  issuer: string;
  subject: string;
  user_id: string;
  /** The email the provider gave at the last sign-in. */
  email: string;
  /** The groups claim at the last sign-in, as the provider spelled them. */
  groups: string[];
  created_at: CreatedAt;
  last_login_at: Date;
}

/** A one-time code the console exchanges for an access token after single sign-on (migration 0024). */
export interface SsoSessionCodesTable {
  /** SHA-256 of the code. */
  code_hash: string;
  /** SHA-256 of the cookie that binds the code to the browser that signed in. */
  browser_hash: string;
  user_id: string;
  expires_at: Date;
  created_at: CreatedAt;
}

/** One audited change or refusal (migration 0025; audit/record.ts writes it). */
export interface AuditLogTable {
  id: ColumnType<string, never, never>;
  at: ColumnType<Date, Date | undefined, never>;
  actor_user_id: string | null;
  actor_token_id: string | null;
  actor_label: string | null;
  address: string | null;
  action: string;
  target_type: string;
  target_id: string | null;
  team_id: string | null;
  before: ColumnType<Record<string, unknown> | null, string | null, never>;
  after: ColumnType<Record<string, unknown> | null, string | null, never>;
}

/** A user's API token (migration 0023): only the secret's SHA-256 is stored. */
export interface ApiTokensTable {
  id: Generated<string>;
  user_id: string;
  /** A team token's team (it reaches nothing else); null for a personal token. */
  team_id: string | null;
  name: string;
  token_hash: string;
  prefix: string;
  scopes: string[];
  expires_at: Date;
  last_used_at: Date | null;
  revoked_at: Date | null;
  created_at: CreatedAt;
}

/** A user's calendar feed (migration 0035): only the secret's SHA-256 is stored. */
export interface CalendarFeedsTable {
  id: Generated<string>;
  user_id: string;
  /** The schedule it shows; null: the user's own shifts across their schedules. */
  schedule_id: string | null;
  name: string | null;
  token_hash: string;
  prefix: string;
  last_fetched_at: Date | null;
  created_at: CreatedAt;
}

/** A phone number's reply code for an alert ("1a" acknowledges alert 1): migration 0028. */
export interface SmsReplyCodesTable {
  /** E.164, as the sms method's target. */
  phone: string;
  code: number;
  alert_id: string;
  allocated_at: ColumnType<Date, Date | undefined, Date>;
}

export interface Database {
  users: UsersTable;
  integrations: IntegrationsTable;
  alerts: AlertsTable;
  maintenance_windows: MaintenanceWindowsTable;
  integration_legacy_keys: IntegrationLegacyKeysTable;
  import_mappings: ImportMappingsTable;
  alert_occurrences: AlertOccurrencesTable;
  opsgenie_requests: OpsgenieRequestsTable;
  routing_rules: RoutingRulesTable;
  routing_drops: RoutingDropsTable;
  alert_events: AlertEventsTable;
  password_reset_tokens: PasswordResetTokensTable;
  owner_counts: OwnerCountsTable;
  app_settings: AppSettingsTable;
  notifications: NotificationsTable;
  notification_outbox: NotificationOutboxTable;
  escalation_contacts: EscalationContactsTable;
  contact_confirmation_tokens: ContactConfirmationTokensTable;
  heartbeat_monitors: HeartbeatMonitorsTable;
  schedules: SchedulesTable;
  escalation_policies: EscalationPoliciesTable;
  schedule_rotations: ScheduleRotationsTable;
  schedule_rotation_members: ScheduleRotationMembersTable;
  schedule_overrides: ScheduleOverridesTable;
  contact_methods: ContactMethodsTable;
  notification_rules: NotificationRulesTable;
  verification_events: VerificationEventsTable;
  teams: TeamsTable;
  team_members: TeamMembersTable;
  team_invites: TeamInvitesTable;
  team_counts: TeamCountsTable;
  sso_group_rules: SsoGroupRulesTable;
  user_sso_identities: UserSsoIdentitiesTable;
  sso_session_codes: SsoSessionCodesTable;
  audit_log: AuditLogTable;
  api_tokens: ApiTokensTable;
  notification_providers: NotificationProvidersTable;
  chat_channels: ChatChannelsTable;
  chat_messages: ChatMessagesTable;
  chat_user_links: ChatUserLinksTable;
  sms_reply_codes: SmsReplyCodesTable;
  chat_link_tokens: ChatLinkTokensTable;
  chat_link_claims: ChatLinkClaimsTable;
  calendar_feeds: CalendarFeedsTable;
}

export type UserRow = Selectable<UsersTable> & {
  /** Set on a request made with a team token (apiTokens/): it reaches only this team (teams/access.ts). */
  onlyTeam?: string;
};
export type TeamRow = Selectable<TeamsTable>;
export type TeamMemberRow = Selectable<TeamMembersTable>;
export type NewUser = Insertable<UsersTable>;
export type AlertRow = Selectable<AlertsTable>;
export type AlertOccurrenceRow = Selectable<AlertOccurrencesTable>;
export type MaintenanceWindowRow = Selectable<MaintenanceWindowsTable>;
export type IntegrationRow = Selectable<IntegrationsTable>;
export type RoutingRuleRow = Selectable<RoutingRulesTable>;
export type AlertEventRow = Selectable<AlertEventsTable>;
export type NotificationRow = Selectable<NotificationsTable>;
export type EscalationContactRow = Selectable<EscalationContactsTable>;
export type HeartbeatMonitorRow = Selectable<HeartbeatMonitorsTable>;
export type ScheduleRow = Selectable<SchedulesTable>;
export type EscalationPolicyRow = Selectable<EscalationPoliciesTable>;
export type ScheduleRotationRow = Selectable<ScheduleRotationsTable>;
export type ScheduleOverrideRow = Selectable<ScheduleOverridesTable>;
export type ContactMethodRow = Selectable<ContactMethodsTable>;
export type AuditLogRow = Selectable<AuditLogTable>;
export type ApiTokenRow = Selectable<ApiTokensTable>;
export type CalendarFeedRow = Selectable<CalendarFeedsTable>;
export type ChatChannelRow = Selectable<ChatChannelsTable>;
