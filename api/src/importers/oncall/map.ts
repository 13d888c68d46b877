import type { ImportDocument, SourceIntegration, SourceNotificationRules } from '../model.js';
import { type OcContext, oncallContext, roleOf } from './context.js';
import { mapChain } from './escalations.js';
import { mapSchedule } from './schedules.js';
import type { OcIntegration, OcNotificationRule, OcUser, OncallExport } from './shapes.js';

// Grafana OnCall's configuration (shapes.ts) as an ImportDocument: users, teams (their members
// from the users' `teams`, roles from OnCall's organisation role), web and calendar schedules,
// escalation chains, integrations with their URL tokens and default route's chain, and each
// user's default (not "important") notification rules.

/** The integration URL types Vigil answers at /integrations/v1/{type}/{token}/. */
const DROP_IN_TYPES = new Set(['alertmanager', 'grafana_alerting', 'formatted_webhook', 'webhook']);
const TOKEN = /\/integrations\/v1\/[^/]+\/([^/?#]+)\/?$/;

function mapIntegration(i: OcIntegration, routes: number, ctx: OcContext): SourceIntegration {
  const token = i.link ? (TOKEN.exec(i.link)?.[1] ?? null) : null;
  const out: SourceIntegration = {
    sourceId: i.id,
    name: i.name,
    description: i.description_short || null,
    teamRef: ctx.teamRef(i.team_id),
    escalationRef: i.default_route?.escalation_chain_id ?? null,
    legacyKey: token,
    notes: [],
  };
  if (!token) out.notes.push("no URL token in OnCall's answer: its senders need Vigil's ingest URL");
  else if (!DROP_IN_TYPES.has(i.type)) {
    out.notes.push(
      `a ${i.type} integration: Vigil answers OnCall's URLs for ${[...DROP_IN_TYPES].join(', ')} only: point its senders at Vigil's ingest URL`,
    );
  }
  if (!out.escalationRef) out.notes.push('its default route has no escalation chain: no policy (give it one in Vigil)');
  if (routes > 0)
    out.notes.push(
      `${routes} route${routes === 1 ? '' : 's'} besides the default not imported: make them the integration's routing rules in Vigil`,
    );
  return out;
}

const NO_CHANNEL: Record<string, string> = {
  notify_by_sms: "SMS: OnCall's API does not give the number: add an SMS method in Vigil",
  notify_by_phone_call: "phone calls: OnCall's API does not give the number: add a voice method in Vigil",
};

function mapRules(user: OcUser, rules: OcNotificationRule[]): SourceNotificationRules {
  const email = user.email.toLowerCase();
  const out: SourceNotificationRules = { sourceId: user.id, name: email, email, rules: [], notes: [] };
  if (rules.some((r) => r.important)) out.notes.push('"important" rules not imported: Vigil keeps one list per person');
  let delay = 0;
  for (const rule of rules.filter((r) => !r.important).sort((a, b) => a.position - b.position)) {
    if (rule.type === 'wait') delay += Math.round((rule.duration ?? 0) / 60);
    else if (rule.type === 'notify_by_email') out.rules.push({ method: { kind: 'email', target: email }, delayMinutes: delay });
    else
      out.notes.push(NO_CHANNEL[rule.type] ?? `${rule.type.replace(/^notify_by_/, '').replaceAll('_', ' ')}: no Vigil channel: left out`);
  }
  return out;
}

export function oncallDocument(data: OncallExport, now: Date): ImportDocument {
  const ctx = oncallContext(data, now);
  const shifts = new Map((data.on_call_shifts ?? []).map((s) => [s.id, s]));
  const policies = data.escalation_policies ?? [];
  const rules = data.personal_notification_rules ?? [];
  const routes = data.routes ?? [];
  return {
    vendor: 'oncall',
    users: data.users.map((u) => ({ sourceId: u.id, email: u.email.toLowerCase() })),
    teams: (data.teams ?? []).map((t) => ({
      sourceId: t.id,
      name: t.name,
      description: null,
      members: ctx.membersOf(t.id).map((u) => ({ email: u.email.toLowerCase(), role: roleOf(u) })),
      notes: [],
    })),
    schedules: (data.schedules ?? []).map((s) => mapSchedule(s, shifts, ctx)),
    escalations: (data.escalation_chains ?? []).map((c) =>
      mapChain(
        c,
        policies.filter((p) => p.escalation_chain_id === c.id),
        ctx,
      ),
    ),
    integrations: (data.integrations ?? []).map((i) =>
      mapIntegration(i, routes.filter((r) => r.integration_id === i.id && !r.is_the_last_route).length, ctx),
    ),
    heartbeats: [],
    notificationRules: data.users.flatMap((u) => {
      const own = rules.filter((r) => r.user_id === u.id);
      return own.length > 0 ? [mapRules(u, own)] : [];
    }),
  };
}
