// `npm run gen:api`: writes shared/openapi.json and shared/src/api/schema.d.ts from the routes' schemas.
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { generateOpenapiArtifacts, OPENAPI_JSON, OPENAPI_TYPES } from './openapiArtifacts.js';

const { json, types } = await generateOpenapiArtifacts();
await mkdir(path.dirname(OPENAPI_TYPES), { recursive: true });
await writeFile(OPENAPI_JSON, json);
await writeFile(OPENAPI_TYPES, types);
console.log(`wrote ${path.relative(process.cwd(), OPENAPI_JSON)} and ${path.relative(process.cwd(), OPENAPI_TYPES)}`);
