import { type Kysely, sql } from 'kysely';

/**
 * Routing rules (docs/oncall/routing.md, docs/decisions/0091-routing-rules.md):
 *
 * - `routing_rules`: an integration's ordered rules. Each matches an event's fields and labels
 *   (`mode`, `matchers`: ingest/matchers.ts) and routes it to a policy of the integration's
 *   team, sets its severity, or drops it. The position is unique per integration, checked at
 *   commit (a reorder moves rows past each other inside one transaction). A policy a rule
 *   routes to is not deleted (RESTRICT; the policy service answers 409 first, naming the
 *   integration).
 * - `routing_drops`: what a drop rule kept from being stored, for the integration's history:
 *   the rule's name as it was (the rule may be gone since), the event's key, title, severity
 *   and labels. Capped per integration by the routing stage (routing/drops.ts), so its size is
 *   bounded whatever a sender does.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`
    CREATE TABLE routing_rules (
      id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
      integration_id uuid NOT NULL REFERENCES integrations (id) ON DELETE CASCADE,
      position integer NOT NULL CHECK (position >= 0),
      name text NOT NULL,
      mode text NOT NULL CHECK (mode IN ('all', 'any')),
      matchers jsonb NOT NULL DEFAULT '[]'::jsonb,
      action text NOT NULL CHECK (action IN ('route', 'severity', 'drop')),
      escalation_policy_id uuid REFERENCES escalation_policies (id) ON DELETE RESTRICT,
      severity text CHECK (severity IN ('critical', 'high', 'warning', 'info')),
      created_at timestamptz NOT NULL DEFAULT now(),
      updated_at timestamptz NOT NULL DEFAULT now(),
      CONSTRAINT routing_rules_position_key UNIQUE (integration_id, position) DEFERRABLE INITIALLY DEFERRED,
      CONSTRAINT routing_rules_route_has_policy CHECK ((action = 'route') = (escalation_policy_id IS NOT NULL)),
      CONSTRAINT routing_rules_severity_has_value CHECK (action <> 'severity' OR severity IS NOT NULL),
      CONSTRAINT routing_rules_drop_alone CHECK (action <> 'drop' OR severity IS NULL)
    )`.execute(db);
  await sql`CREATE INDEX routing_rules_policy_idx ON routing_rules (escalation_policy_id) WHERE escalation_policy_id IS NOT NULL`.execute(
    db,
  );
  await sql`
    CREATE TABLE routing_drops (
      id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
      integration_id uuid NOT NULL REFERENCES integrations (id) ON DELETE CASCADE,
      rule_id uuid REFERENCES routing_rules (id) ON DELETE SET NULL,
      rule_name text NOT NULL,
      dedup_key text NOT NULL,
      title text NOT NULL,
      severity text NOT NULL,
      labels jsonb NOT NULL DEFAULT '{}'::jsonb,
      dropped_at timestamptz NOT NULL DEFAULT now()
    )`.execute(db);
  await sql`CREATE INDEX routing_drops_integration_idx ON routing_drops (integration_id, id)`.execute(db);
  await sql`CREATE INDEX routing_drops_rule_idx ON routing_drops (rule_id) WHERE rule_id IS NOT NULL`.execute(db);
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await sql`DROP TABLE routing_drops`.execute(db);
  await sql`DROP TABLE routing_rules`.execute(db);
}
