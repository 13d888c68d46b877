import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_TOKEN_SCHEME } from '../../src/apiTokens/openapiScopes.js';
import { SESSION_REQUIRED } from '../../src/apiTokens/scopes.js';
import { callAs } from '../helpers/api.js';
import { createApiToken } from '../helpers/apiTokens.js';
import { createTestApp, type TestApp } from '../helpers/testApp.js';

/**
 * Every operation of the API and what an API token needs to call it, as the OpenAPI document
 * tells automation (apiTokens/scopes.ts makes it; docs/api/tokens.md explains it). A route
 * added or changed shows here: its scope is then a choice someone made, not an accident.
 */
const EXPECTED: Record<string, string[]> = {
  read: [
    'alerts-changes',
    'alerts-read_alert',
    'alerts-read_alert_events',
    'alerts-read_alert_notifications',
    'alerts-read_alert_occurrences',
    'alerts-read_alerts',
    'alerts-stats',
    'audit-export_audit_log',
    'audit-read_audit_log',
    'chat-read_chat_channels',
    'chat-read_chat_kinds',
    'chat-read_chat_links',
    'contact_methods-read_contact_method',
    'contact_methods-read_contact_methods',
    'contact_methods-read_notification_rules',
    'escalation_policies-read_escalation_policies',
    'escalation_policies-read_escalation_policy',
    'escalation_policies-read_policy_reachability',
    'heartbeats-read_heartbeat',
    'heartbeats-read_heartbeats',
    'integrations-read_escalation_contacts',
    'integrations-read_integration',
    'integrations-read_integrations',
    'integrations-read_routing_drops',
    'integrations-read_routing_rules',
    'integrations-test_routing_rules',
    'login-test_token',
    'maintenance-read_active_maintenance',
    'maintenance-read_maintenance_window',
    'maintenance-read_maintenance_windows',
    'schedules-export_oncall_hours',
    'schedules-read_my_shifts',
    'schedules-read_on_call',
    'schedules-read_on_call_many',
    'schedules-read_override',
    'schedules-read_overrides',
    'schedules-read_rotation',
    'schedules-read_rotations',
    'schedules-read_schedule',
    'schedules-read_schedule_reachability',
    'schedules-read_schedules',
    'schedules-read_timeline',
    'teams-read_team',
    'teams-read_team_invites',
    'teams-read_teams',
    'users-read_directory',
    'users-read_user_by_id',
    'users-read_user_me',
  ],
  'alerts:write': [
    'alerts-acknowledge_alert',
    'alerts-bulk_action',
    'alerts-close_alert',
    'alerts-create_alert',
    'alerts-delete_alert',
    'alerts-escalate_alert',
  ],
  'config:write': [
    'chat-create_chat_channel',
    'chat-delete_chat_channel',
    'chat-test_chat_channel',
    'chat-update_chat_channel',
    'contact_methods-create_contact_method',
    'contact_methods-delete_contact_method',
    'contact_methods-regenerate_contact_method_secret',
    'contact_methods-replace_notification_rules',
    'contact_methods-send_contact_method_code',
    'contact_methods-test_contact_method',
    'contact_methods-update_contact_method',
    'contact_methods-verify_contact_method',
    'escalation_policies-create_escalation_policy',
    'escalation_policies-delete_escalation_policy',
    'escalation_policies-update_escalation_policy',
    'heartbeats-create_heartbeat',
    'heartbeats-delete_heartbeat',
    'heartbeats-rotate_ping_token',
    'heartbeats-update_heartbeat',
    'integrations-create_integration',
    'integrations-delete_integration',
    'integrations-replace_routing_rules',
    'integrations-resend_contact_confirmation',
    'integrations-rotate_ingest_key',
    'integrations-update_integration',
    'maintenance-create_maintenance_window',
    'maintenance-delete_maintenance_window',
    'maintenance-end_maintenance_window',
    'maintenance-update_maintenance_window',
    'schedules-create_override',
    'schedules-create_rotation',
    'schedules-create_schedule',
    'schedules-delete_override',
    'schedules-delete_rotation',
    'schedules-delete_schedule',
    'schedules-update_override',
    'schedules-update_rotation',
    'schedules-update_schedule',
    'teams-create_team',
    'teams-create_team_invite',
    'teams-delete_team',
    'teams-remove_team_member',
    'teams-revoke_team_invite',
    'teams-update_team',
    'teams-update_team_member',
  ],
  admin: [
    'chat-telegram_set_webhook',
    'integrations-confirm_escalation_contact',
    'login-recover_password_html_content',
    'providers-delete_slack_app',
    'providers-delete_sms_gateway',
    'providers-delete_telegram',
    'providers-delete_twilio',
    'providers-put_slack_app',
    'providers-put_sms_gateway',
    'providers-put_telegram',
    'providers-put_twilio',
    'providers-read_providers',
    'settings-read_settings',
    'settings-update_settings',
    'sso-create_group_rule',
    'sso-delete_group_rule',
    'sso-read_group_rules',
    'teams-add_team_member',
    'users-create_user',
    'users-delete_user',
    'users-read_users',
    'users-update_user',
    'utils-metrics',
  ],
  // Signed in, but never with an API token.
  session: [
    'calendars-create_calendar_feed',
    'calendars-read_calendar_feeds',
    'calendars-revoke_calendar_feed',
    'chat-claim_chat_link',
    'chat-delete_chat_link',
    'chat-link_slack_by_email',
    'chat-request_telegram_link',
    'teams-accept_invite',
    'tokens-create_token',
    'tokens-read_tokens',
    'tokens-revoke_token',
    'users-delete_user_me',
    'users-update_password_me',
    'users-update_user_me',
  ],
  // No user at all: their own credential (a key, a link, a ping token) or none.
  public: [
    'calendars-read_calendar_feed',
    'chat-mattermost_action',
    'chat-slack_commands',
    'chat-slack_interactions',
    'chat-telegram_webhook',
    'contacts-confirm',
    'contacts-decline',
    'contacts-look_up_confirmation',
    'heartbeats-opsgenie_ping_get',
    'heartbeats-opsgenie_ping_post',
    'heartbeats-ping_get',
    'heartbeats-ping_post',
    'ingestion-ingest_alertmanager',
    'ingestion-ingest_auto',
    'ingestion-ingest_generic',
    'ingestion-ingest_grafana',
    'ingestion-ingest_oncall_formatted_webhook',
    'ingestion-ingest_oncall_webhook',
    'ingestion-ingest_opsgenie',
    'ingestion-ingest_pagerduty',
    'ingestion-oncall_alertmanager',
    'ingestion-oncall_formatted_webhook',
    'ingestion-oncall_grafana_alerting',
    'ingestion-oncall_webhook',
    'ingestion-opsgenie_acknowledge_alert',
    'ingestion-opsgenie_close_alert',
    'ingestion-opsgenie_create_alert',
    'ingestion-opsgenie_escalate_alert',
    'ingestion-opsgenie_get_alert',
    'ingestion-opsgenie_request_status',
    'ingestion-opsgenie_update_description',
    'ingestion-opsgenie_update_message',
    'ingestion-pagerduty_enqueue',
    'login-login_access_token',
    'login-oidc_callback',
    'login-oidc_session',
    'login-oidc_start',
    'login-recover_password',
    'login-reset_password',
    'settings-read_public_settings',
    'teams-look_up_invite',
    'teams-sign_up_with_invite',
    'users-register_user',
    'utils-health_check',
  ],
};

interface Operation {
  operationId: string;
  security?: Record<string, string[]>[];
  responses: Record<string, unknown>;
}

describe('the scope each route asks of an API token', () => {
  let t: TestApp;
  let operations: Operation[];

  beforeAll(async () => {
    t = await createTestApp();
    const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
    operations = Object.values(doc.paths).flatMap((ops) => Object.values(ops));
  });
  afterAll(() => t.close());

  it('is, for every documented operation, the one in this table', () => {
    const table: Record<string, string[]> = {};
    for (const op of operations) {
      const tokenRequirement = op.security?.find((requirement) => API_TOKEN_SCHEME in requirement)?.[API_TOKEN_SCHEME];
      const rule = !op.security ? 'public' : (tokenRequirement?.[0] ?? 'session');
      table[rule] = [...(table[rule] ?? []), op.operationId];
    }
    for (const ids of Object.values(table)) ids.sort();
    expect(table).toEqual(EXPECTED);
  });

  it('documents the 403 of a missing scope on each operation a token may call', () => {
    const without = operations.filter((op) => op.security?.some((r) => API_TOKEN_SCHEME in r) && !op.responses['403']);
    expect(without.map((op) => op.operationId)).toEqual([]);
  });

  it('is what the hooks enforce: a token holding every other scope is refused each route by the one it lacks', async () => {
    const admin = await t.createUser({ is_superuser: true });
    // One route of each rule, called with a token of all scopes but that one: a 403 before any work.
    const probes = [
      ['read', 'GET', '/api/v1/schedules/'],
      ['alerts:write', 'POST', '/api/v1/alert/bulk'],
      ['config:write', 'POST', '/api/v1/schedules/'],
      ['admin', 'GET', '/api/v1/utils/metrics'],
    ] as const;
    for (const [scope, method, url] of probes) {
      const others = (['read', 'alerts:write', 'config:write', 'admin'] as const).filter((s) => s !== scope);
      const { caller } = await createApiToken(t, admin, [...others]);
      const res = await callAs(t, caller, method, url, method === 'POST' ? {} : undefined);
      expect([url, res.statusCode, res.json().detail]).toEqual([url, 403, `This API token lacks the "${scope}" scope this route needs`]);
    }
    const { caller } = await createApiToken(t, admin, ['read', 'alerts:write', 'config:write', 'admin']);
    const session = await callAs(t, caller, 'DELETE', '/api/v1/users/me');
    expect([session.statusCode, session.json().detail]).toEqual([403, SESSION_REQUIRED]);
    expect((await callAs(t, caller, 'GET', '/api/v1/utils/metrics')).statusCode).toBe(200);
  });
});
