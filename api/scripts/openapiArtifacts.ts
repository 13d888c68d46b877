import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString } from 'openapi-typescript';
import { buildApp } from '../src/app.js';
import { parseConfig } from '../src/config.js';
import { openDatabase } from '../src/db/database.js';
import { limitsModule } from './openapiLimits.js';

const sharedDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../shared');
export const OPENAPI_JSON = path.join(sharedDir, 'openapi.json');
export const OPENAPI_TYPES = path.join(sharedDir, 'src/api/schema.d.ts');
export const OPENAPI_LIMITS = path.join(sharedDir, 'src/api/limits.ts');

const HEADER = "// Generated from the API's OpenAPI document by `npm run gen:api`. Do not edit.\n\n";

/** The OpenAPI document, and the TypeScript types and field limits the console is built on, as text. */
export async function generateOpenapiArtifacts(): Promise<{ json: string; types: string; limits: string }> {
  const db = await openDatabase({ kind: 'pglite' });
  const config = { ...parseConfig({ FIRST_SUPERUSER_PASSWORD: 'generator-only-password' }), secretKey: 'x'.repeat(32) };
  const app = await buildApp({ config, db, logger: false });
  try {
    const document = app.swagger();
    const json = `${JSON.stringify(document, null, 2)}\n`;
    const types = HEADER + astToString(await openapiTS(JSON.parse(json), { alphabetize: false }));
    return { json, types, limits: limitsModule(document) };
  } finally {
    await app.close();
    await db.destroy();
  }
}

export async function readCommittedArtifacts(): Promise<{ json: string; types: string; limits: string }> {
  const [json, types, limits] = await Promise.all(
    [OPENAPI_JSON, OPENAPI_TYPES, OPENAPI_LIMITS].map((file) => readFile(file, 'utf8').catch(() => '')),
  );
  return { json: json!, types: types!, limits: limits! };
}
