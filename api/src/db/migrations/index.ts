import type { Migration } from 'kysely';
import * as initial from './0001_initial.js';
import * as statementCountTriggers from './0002_statement_count_triggers.js';
import * as ingestion from './0003_ingestion.js';
import * as unclosedAlertsIndex from './0004_unclosed_alerts_index.js';
import * as alertChangesAndFilters from './0006_alert_changes_and_filters.js';
import * as signedLinks from './0008_signed_links.js';
import * as notifications from './0009_notifications.js';
import * as rateLimitStore from './0010_rate_limit_store.js';
import * as stripedOwnerCounts from './0011_striped_owner_counts.js';
import * as announceFromTheApp from './0012_announce_from_the_app.js';
import * as escalationRounds from './0013_escalation_rounds.js';
import * as contactConfirmation from './0014_contact_confirmation.js';
import * as heartbeatMonitors from './0015_heartbeat_monitors.js';
import * as oncallSchedules from './0016_oncall_schedules.js';
import * as escalationPolicies from './0017_escalation_policies.js';
import * as contactMethods from './0018_contact_methods.js';
import * as firstLevelWait from './0019_first_level_wait.js';
import * as signupSetting from './0020_signup_setting.js';
import * as verificationLimits from './0021_verification_limits.js';
import * as teams from './0022_teams.js';
import * as apiTokens from './0023_api_tokens.js';
import * as oidc from './0024_oidc.js';
import * as auditLog from './0025_audit_log.js';
import * as ssoGroupRules from './0026_sso_group_rules.js';
import * as channels from './0027_channels.js';
import * as telephony from './0028_telephony.js';
import * as chatLinks from './0029_chat_links.js';
import * as chatKinds from './0030_chat_kinds.js';
import * as notificationLimits from './0031_notification_limits.js';
import * as ingestLabels from './0032_ingest_labels.js';
import * as routingRules from './0033_routing_rules.js';
import * as maintenanceWindows from './0034_maintenance_windows.js';
import * as calendarFeeds from './0035_calendar_feeds.js';
import * as alertGrouping from './0036_alert_grouping.js';
import * as opsgenieRequests from './0037_opsgenie_requests.js';
import * as importMappings from './0038_import_mappings.js';

/**
 * Every migration, in order. Listed in code (not read from a folder) so the compiled
 * server and the tests run the same set. Never edit a released one: add the next.
 * Kysely runs them in name order, so a skipped number is harmless; a new one must sort
 * after every released one (a database that ran 0008 refuses a later-added 0005).
 */
export const migrations: Record<string, Migration> = {
  '0001_initial': initial,
  '0002_statement_count_triggers': statementCountTriggers,
  '0003_ingestion': ingestion,
  '0004_unclosed_alerts_index': unclosedAlertsIndex,
  '0006_alert_changes_and_filters': alertChangesAndFilters,
  '0008_signed_links': signedLinks,
  '0009_notifications': notifications,
  '0010_rate_limit_store': rateLimitStore,
  '0011_striped_owner_counts': stripedOwnerCounts,
  '0012_announce_from_the_app': announceFromTheApp,
  '0013_escalation_rounds': escalationRounds,
  '0014_contact_confirmation': contactConfirmation,
  '0015_heartbeat_monitors': heartbeatMonitors,
  '0016_oncall_schedules': oncallSchedules,
  '0017_escalation_policies': escalationPolicies,
  '0018_contact_methods': contactMethods,
  '0019_first_level_wait': firstLevelWait,
  '0020_signup_setting': signupSetting,
  '0021_verification_limits': verificationLimits,
  '0022_teams': teams,
  '0023_api_tokens': apiTokens,
  '0024_oidc': oidc,
  '0025_audit_log': auditLog,
  '0026_sso_group_rules': ssoGroupRules,
  '0027_channels': channels,
  '0028_telephony': telephony,
  '0029_chat_links': chatLinks,
  '0030_chat_kinds': chatKinds,
  '0031_notification_limits': notificationLimits,
  '0032_ingest_labels': ingestLabels,
  '0033_routing_rules': routingRules,
  '0034_maintenance_windows': maintenanceWindows,
  '0035_calendar_feeds': calendarFeeds,
  '0036_alert_grouping': alertGrouping,
  '0037_opsgenie_requests': opsgenieRequests,
  '0038_import_mappings': importMappings,
};
