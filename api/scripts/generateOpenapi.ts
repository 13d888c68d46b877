// `npm run gen:api`: writes shared/openapi.json, shared/src/api/schema.d.ts and shared/src/api/limits.ts from the routes' schemas.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { generateOpenapiArtifacts, OPENAPI_JSON, OPENAPI_LIMITS, OPENAPI_TYPES } from './openapiArtifacts.js';

const { json, types, limits } = await generateOpenapiArtifacts();
await mkdir(path.dirname(OPENAPI_TYPES), { recursive: true });
await writeFile(OPENAPI_JSON, json);
await writeFile(OPENAPI_TYPES, types);
await writeFile(OPENAPI_LIMITS, limits);
console.log(`wrote ${[OPENAPI_JSON, OPENAPI_TYPES, OPENAPI_LIMITS].map((file) => path.relative(process.cwd(), file)).join(', ')}`);
