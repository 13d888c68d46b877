import { HEARTBEAT_INTERVAL_MAX } from '../../heartbeats/schema.js';
import {
  type ImportDocument,
  ImportFailure,
  type SourceHeartbeat,
  type SourceIntegration,
  type SourceMethod,
  type SourceNotificationRules,
} from '../model.js';
import { type OgContext, opsgenieContext } from './context.js';
import { mapEscalation } from './escalations.js';
import { mapSchedule } from './schedules.js';
import type { OgHeartbeat, OgIntegration, OgNotificationRule, OgRoutingRule, OpsgenieExport } from './shapes.js';

// Opsgenie's configuration (shapes.ts) as an ImportDocument: users, teams with their members'
// roles, schedules, escalations, integrations with their API keys and the escalation their
// team's default routing rule names, heartbeats, and each user's "new alert" notification rule.

const UNIT_MINUTES: Record<string, number> = { minutes: 1, hours: 60, days: 1440 };
const SEVERITY = { P1: 'critical', P2: 'high', P3: 'warning', P4: 'info', P5: 'info' } as const;

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;

function mapIntegration(i: OgIntegration, rules: Record<string, OgRoutingRule[]>, ctx: OgContext): SourceIntegration {
  const teamRef = ctx.teamRef(i.ownerTeam ?? (i.teamId ? { id: i.teamId } : undefined));
  const out: SourceIntegration = {
    sourceId: i.id,
    name: i.name,
    description: null,
    teamRef,
    escalationRef: null,
    legacyKey: i.apiKey || null,
    notes: [],
  };
  if (i.enabled === false) out.notes.push('disabled in Opsgenie: imported all the same');
  if (!i.apiKey) out.notes.push(`no API key in Opsgenie's answer (type ${i.type}): its senders need Vigil's ingest URL`);
  const team = ctx.teams.get(teamRef);
  const teamRules = team ? (rules[team.id] ?? []) : [];
  const fallback = [...teamRules].sort((a, b) => (b.order ?? 0) - (a.order ?? 0))[0];
  const chosen = teamRules.find((r) => r.isDefault) ?? fallback;
  if (chosen?.notify.type === 'escalation') {
    out.escalationRef = ctx.escalationIdOf(chosen.notify) ?? null;
    if (!out.escalationRef)
      out.notes.push(`routes to escalation ${chosen.notify.name ?? chosen.notify.id}, which Opsgenie did not list: no policy`);
  } else if (chosen?.notify.type === 'schedule') {
    out.notes.push(
      `team "${team?.name}" routes to schedule ${chosen.notify.name ?? chosen.notify.id} directly: no policy (give it one in Vigil)`,
    );
  } else {
    out.notes.push('no escalation routes its alerts: no policy (give it one in Vigil)');
  }
  const others = teamRules.length - (chosen ? 1 : 0);
  if (others > 0) {
    out.notes.push(
      `${plural(others, 'other routing rule')} of team "${team?.name}" not imported: make them the integration's routing rules in Vigil`,
    );
  }
  return out;
}

function mapHeartbeat(h: OgHeartbeat, integrations: OgIntegration[], ctx: OgContext): SourceHeartbeat {
  const teamRef = ctx.teamRef(h.ownerTeam);
  const withKeys = integrations.filter((i) => i.apiKey).sort((a, b) => a.name.localeCompare(b.name));
  const sameTeam = (i: OgIntegration) => ctx.teamRef(i.ownerTeam ?? (i.teamId ? { id: i.teamId } : undefined)) === teamRef;
  const out: SourceHeartbeat = {
    sourceId: h.name,
    name: h.name,
    intervalMinutes: 0,
    severity: SEVERITY[(h.alertPriority ?? 'P1') as keyof typeof SEVERITY] ?? 'critical',
    integrationRefs: [...withKeys.filter(sameTeam), ...withKeys.filter((i) => !sameTeam(i))].map((i) => i.id),
    notes: [],
  };
  const unit = UNIT_MINUTES[h.intervalUnit];
  if (unit === undefined) out.failure = `unknown interval unit ${JSON.stringify(h.intervalUnit)}`;
  else if (h.interval * unit > HEARTBEAT_INTERVAL_MAX) out.failure = `an interval longer than Vigil's ${HEARTBEAT_INTERVAL_MAX} minutes`;
  else out.intervalMinutes = h.interval * unit;
  if (h.enabled === false) out.notes.push('disabled in Opsgenie: imported all the same');
  if (out.integrationRefs.length === 0) out.failure ??= 'no API integration to hang it on (Opsgenie pings it with an API key)';
  return out;
}

/** Opsgenie's "1-5555550100" (country code, dash, number) as E.164. */
const phoneOf = (to: string) => {
  const digits = to.replace(/[\s()]/g, '');
  return digits.startsWith('+') ? digits.replace(/-/g, '') : `+${digits.replace(/-/g, '')}`;
};

function mapRules(email: string, userId: string, rules: OgNotificationRule[]): SourceNotificationRules {
  const out: SourceNotificationRules = { sourceId: userId, name: email, email, rules: [], notes: [] };
  const onNew = rules.filter((r) => r.actionType === 'create-alert' && r.enabled !== false).sort((a, b) => (a.order ?? 0) - (b.order ?? 0));
  const other = [...new Set(rules.filter((r) => r.actionType !== 'create-alert').map((r) => r.actionType))];
  if (other.length > 0) out.notes.push(`rules for ${other.join(', ')} not imported: Vigil notifies of new alerts and escalations`);
  if (onNew.length > 1)
    out.notes.push(`${plural(onNew.length - 1, 'more "new alert" rule')} not imported: Vigil keeps one list per person`);
  for (const step of onNew[0]?.steps ?? []) {
    if (step.enabled === false) continue;
    const delayMinutes = (step.sendAfter?.timeAmount ?? 0) * (UNIT_MINUTES[step.sendAfter?.timeUnit ?? 'minutes'] ?? 1);
    const { method, to } = step.contact;
    let target: SourceMethod | null = null;
    if (method === 'email') target = { kind: 'email', target: to };
    else if (method === 'sms' || method === 'voice') target = { kind: method, target: phoneOf(to) };
    else
      out.notes.push(`${method === 'mobile' ? "Opsgenie's mobile app" : method}: no Vigil channel (ntfy's app is the nearest): left out`);
    if (target) out.rules.push({ method: target, delayMinutes });
  }
  return out;
}

/** The document, or a failure when the export cannot be read as Opsgenie's. */
export function opsgenieDocument(data: OpsgenieExport, now: Date): ImportDocument {
  const ctx = opsgenieContext(data, now);
  const overrides = data.overrides ?? {};
  const integrations = data.integrations ?? [];
  const teams = (data.teams ?? []).map((t) => {
    const members = (t.members ?? []).flatMap((m) => {
      try {
        return [{ email: ctx.emailOf(m.user, `team "${t.name}"`), role: m.role === 'admin' ? ('admin' as const) : ('responder' as const) }];
      } catch (error) {
        if (error instanceof ImportFailure) return [];
        throw error;
      }
    });
    return { sourceId: t.id, name: t.name, description: t.description || null, members, notes: [] };
  });
  return {
    vendor: 'opsgenie',
    users: data.users.map((u) => ({ sourceId: u.id, email: u.username.toLowerCase() })),
    teams,
    schedules: (data.schedules ?? []).map((s) => mapSchedule(s, overrides[s.id] ?? [], ctx)),
    escalations: (data.escalations ?? []).map((e) => mapEscalation(e, ctx)),
    integrations: integrations.map((i) => mapIntegration(i, data.routingRules ?? {}, ctx)),
    heartbeats: (data.heartbeats ?? []).map((h) => mapHeartbeat(h, integrations, ctx)),
    notificationRules: data.users.flatMap((u) => {
      const rules = data.notificationRules?.[u.id];
      return rules && rules.length > 0 ? [mapRules(u.username.toLowerCase(), u.id, rules)] : [];
    }),
  };
}
