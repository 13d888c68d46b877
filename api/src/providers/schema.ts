import { Type } from 'typebox';
import { PROVIDER_KINDS } from '../db/schema.js';

export const ProviderKindSchema = Type.Enum([...PROVIDER_KINDS], { title: 'ProviderKind' });

export const ProviderPublic = Type.Object(
  {
    kind: ProviderKindSchema,
    /** As the console names it ("Twilio"). */
    title: Type.String(),
    configured: Type.Boolean(),
    /** Its settings, secrets left out. */
    config: Type.Record(Type.String(), Type.Unknown()),
    /** Each secret field: its last 4 characters, or null when none is stored. */
    secret_hints: Type.Record(Type.String(), Type.Union([Type.String(), Type.Null()])),
    /** False when the stored secrets cannot be read (SECRET_KEY changed): set them again. */
    secrets_readable: Type.Boolean(),
    updated_at: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
  },
  { title: 'ProviderPublic' },
);

export const ProvidersPublic = Type.Object({ data: Type.Array(ProviderPublic), count: Type.Integer() }, { title: 'ProvidersPublic' });
