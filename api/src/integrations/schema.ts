import { type Static, Type } from 'typebox';
import { OptionalText } from '../common/schema.js';
import { IngestKey } from '../ingest/schema.js';

export const INTEGRATION_TITLE_MAX = 255;
export const INTEGRATION_DESCRIPTION_MAX = 4096;

export const IntegrationPublic = Type.Object(
  {
    id: Type.String({ format: 'uuid' }),
    title: Type.String(),
    description: Type.Union([Type.String(), Type.Null()]),
    owner_id: Type.String({ format: 'uuid' }),
    created_at: Type.String({ format: 'date-time' }),
    /** Whether an ingest key is set. The key itself is answered only when issued. */
    has_ingest_key: Type.Boolean(),
  },
  { title: 'IntegrationPublic' },
);
export type IntegrationPublic = Static<typeof IntegrationPublic>;

export const IntegrationsPublic = Type.Object(
  { data: Type.Array(IntegrationPublic), count: Type.Integer() },
  { title: 'IntegrationsPublic' },
);

export const IntegrationCreate = Type.Object(
  {
    title: Type.String({ minLength: 1, maxLength: INTEGRATION_TITLE_MAX }),
    description: OptionalText(INTEGRATION_DESCRIPTION_MAX),
  },
  { title: 'IntegrationCreate' },
);
export type IntegrationCreate = Static<typeof IntegrationCreate>;

/** The answer to a creation: the integration and, this once, its ingest key and URL. */
export const IntegrationCreated = Type.Object(
  { ...IntegrationPublic.properties, ...IngestKey.properties },
  { title: 'IntegrationCreated' },
);
export type IntegrationCreated = Static<typeof IntegrationCreated>;
