// `npm run gen:config`: rewrites docs/configuration.md's tables and deploy/env.example's block of
// the API's settings from their declarations (api/src/configSettings.ts).
import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { CONFIGURATION_DOC, configArtifacts, ENV_EXAMPLE } from './configDocs.js';

const { doc, env } = await configArtifacts();
await writeFile(CONFIGURATION_DOC, doc.fresh);
await writeFile(ENV_EXAMPLE, env.fresh);
console.log(`wrote ${[CONFIGURATION_DOC, ENV_EXAMPLE].map((file) => path.relative(process.cwd(), file)).join(', ')}`);
