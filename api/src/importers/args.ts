import { parseArgs } from 'node:util';
import type { Vendor } from './model.js';

export const USAGE = `Usage: npm run import -- <opsgenie|oncall> --from <API URL or export file> (--plan | --apply) --as <superuser email>
  --from URL     https://api.opsgenie.com (or api.eu.opsgenie.com), https://<oncall host>/api/v1
  --from FILE    an export file, as --save writes it (docs/oncall/migrating.md)
  --plan         print what --apply would do; write nothing
  --apply        write it: each object with its mapping, in a transaction of its own
  --as EMAIL     the active superuser the import acts as (owner of what is made, named in the audit log)
  --api-key KEY  Opsgenie's GenieKey or an OnCall API token (better: OPSGENIE_API_KEY or ONCALL_API_TOKEN)
  --save FILE    also write what the API answered to FILE (an export file; it holds keys: kept private)
  --default-team NAME  the team for what has no team at the vendor (default: "Imported from <vendor>")
The database is PostgreSQL at DATABASE_URL, else the embedded one under DATA_DIR (stop the server first).`;

export interface ImportArgs {
  vendor: Vendor;
  from: string;
  plan: boolean;
  as: string;
  apiKey?: string;
  save?: string;
  defaultTeam?: string;
}

export class UsageError extends Error {}

/** The command line, or a UsageError saying what is wrong with it. */
export function parseImportArgs(argv: string[], env: NodeJS.ProcessEnv): ImportArgs {
  let parsed: ReturnType<typeof parse>;
  try {
    parsed = parse(argv);
  } catch (error) {
    throw new UsageError(error instanceof Error ? error.message : String(error));
  }
  const { values, positionals } = parsed;
  const [vendor, ...extra] = positionals;
  if (vendor !== 'opsgenie' && vendor !== 'oncall')
    throw new UsageError(`first name the vendor: opsgenie or oncall${vendor ? `, not ${JSON.stringify(vendor)}` : ''}`);
  if (extra.length > 0) throw new UsageError(`unexpected ${JSON.stringify(extra[0])}`);
  if (!values.from) throw new UsageError('--from is required: the API URL or an export file');
  if (values.plan === values.apply) throw new UsageError('give one of --plan and --apply');
  if (!values.as) throw new UsageError('--as is required: the email of the superuser the import acts as');
  const apiKey = values['api-key'] ?? (vendor === 'opsgenie' ? env.OPSGENIE_API_KEY : env.ONCALL_API_TOKEN);
  return {
    vendor,
    from: values.from,
    plan: values.plan === true,
    as: values.as,
    apiKey: apiKey || undefined,
    save: values.save,
    defaultTeam: values['default-team'],
  };
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    allowPositionals: true,
    strict: true,
    options: {
      from: { type: 'string' },
      plan: { type: 'boolean' },
      apply: { type: 'boolean' },
      as: { type: 'string' },
      'api-key': { type: 'string' },
      save: { type: 'string' },
      'default-team': { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
}
