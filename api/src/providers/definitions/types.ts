import type { TObject } from 'typebox';
import type { ProviderKind } from '../../db/schema.js';

/**
 * One provider a superuser configures (docs/oncall/channels.md): its settings as one body, of
 * which `secretFields` are secrets (stored encrypted, never answered: only their last
 * characters). A PUT without a secret field keeps the one stored.
 */
export interface ProviderDefinition {
  kind: ProviderKind;
  /** As the console names it ("Twilio"). */
  title: string;
  /** The PUT body: every field, secrets included (optional when one is stored already). */
  body: TObject;
  secretFields: readonly string[];
  /** Further checks of a whole configuration (a 422 naming the field), after the schema's. */
  check?: (config: Record<string, unknown>, secrets: Record<string, string>) => void;
}
