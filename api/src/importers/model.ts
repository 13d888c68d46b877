import type { ContactMethodKind, ShiftUnit, TeamRole } from '../db/schema.js';
import type { ActiveHoursRule } from '../oncall/activeHours.js';

// What an importer reads from a vendor, in Vigil's terms but before anything is resolved: people
// are named by their email (matched to Vigil's users when applied), other objects by the
// vendor's id. Each vendor's mapper (opsgenie/, oncall/) builds one ImportDocument; the engine
// (engine.ts) resolves and writes it. `notes` are what does not carry over exactly, printed under
// the object's line; `failure` is why it cannot be imported at all (a ✗ line, nothing written).

export type Vendor = 'opsgenie' | 'oncall';

export const VENDOR_NAMES: Record<Vendor, string> = { opsgenie: 'Opsgenie', oncall: 'Grafana OnCall' };

/** The team a vendor object without a team goes to (named by `--default-team`). */
export const DEFAULT_TEAM_REF = '(no team)';

interface SourceObject {
  /** The vendor's id (a heartbeat's name, a user's id for their notification rules). */
  sourceId: string;
  name: string;
  notes: string[];
  failure?: string;
}

export interface SourceUser {
  sourceId: string;
  /** Lower-cased: how the user is found in Vigil. */
  email: string;
}

export interface SourceTeam extends SourceObject {
  description: string | null;
  /** The members the vendor lists; the engine adds whoever the team's objects page. */
  members: { email: string; role: TeamRole }[];
}

export interface SourceRotation {
  name: string;
  /** Turn order, by email. */
  emails: string[];
  shiftUnit: ShiftUnit;
  shiftCount: number;
  /** 'HH:mm' in the schedule's zone. */
  handoffTime: string;
  /** ISO-8601 with an offset. */
  startsAt: string;
  activeHours: ActiveHoursRule[];
}

/**
 * A stand-in on call over a span instead of whoever the rotations (or the named ones) have on
 * call then, as both vendors' overrides work; `alongside`: in addition to them (a one-off shift).
 */
export interface SourceOverride {
  email: string;
  start: string;
  end: string;
  alongside: boolean;
  /** Only these rotations' people give way (Opsgenie's per-rotation override); empty: all. */
  rotations: string[];
}

export interface SourceSchedule extends SourceObject {
  description: string | null;
  timeZone: string;
  teamRef: string;
  rotations: SourceRotation[];
  overrides: SourceOverride[];
}

export interface SourceLevel {
  /** Minutes before the next level (or, the last one, before the policy repeats); null: stop. */
  delayMinutes: number | null;
  emails: string[];
  scheduleRefs: string[];
}

export interface SourceEscalation extends SourceObject {
  description: string | null;
  teamRef: string;
  firstLevelAfterMinutes: number;
  repeat: number;
  levels: SourceLevel[];
}

export interface SourceIntegration extends SourceObject {
  description: string | null;
  teamRef: string;
  escalationRef: string | null;
  /** The key senders use at the vendor (an Opsgenie API key, an OnCall URL token): kept as a hash only. */
  legacyKey: string | null;
}

export interface SourceHeartbeat extends SourceObject {
  intervalMinutes: number;
  severity: 'critical' | 'high' | 'warning' | 'info';
  /** The integrations it may hang on, preferred first: the first one imported is taken. */
  integrationRefs: string[];
}

export interface SourceMethod {
  kind: ContactMethodKind;
  target: string;
}

export interface SourceNotificationRules extends SourceObject {
  email: string;
  rules: { method: SourceMethod; delayMinutes: number }[];
}

export interface ImportDocument {
  vendor: Vendor;
  users: SourceUser[];
  teams: SourceTeam[];
  schedules: SourceSchedule[];
  escalations: SourceEscalation[];
  integrations: SourceIntegration[];
  heartbeats: SourceHeartbeat[];
  notificationRules: SourceNotificationRules[];
}

/** Why an object cannot be imported: its ✗ line's reason. */
export class ImportFailure extends Error {}
