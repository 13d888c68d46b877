import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ConfigError, SETTINGS } from '../configSettings.js';
import type { Db } from '../db/database.js';
import { type ImportArgs, parseImportArgs, USAGE, UsageError } from './args.js';
import { checkSchema, importingSuperuser, openImportDatabase, SetupError } from './database.js';
import { runImport } from './engine.js';
import { SourceError } from './http.js';
import { VENDOR_NAMES } from './model.js';
import { formatLine, summaryOf } from './report.js';
import { isUrl, readSource } from './source.js';

// `npm run import -- opsgenie|oncall --from <API URL or export file> --plan|--apply --as <email>`
// (docs/oncall/migrating.md, decision 0096). Exit codes: 0 every object imported (or unchanged),
// 1 something failed (its ✗ line says what) or could not start, 2 a wrong command line.

export interface Io {
  out(line: string): void;
  err(line: string): void;
}

export interface CommandDeps {
  env: NodeJS.ProcessEnv;
  io: Io;
  now?: () => Date;
  /** The database to use instead of the one the environment names (tests). */
  db?: Db;
  /** Where relative paths are read from: the directory the command was typed in. */
  cwd?: string;
  retryDelayMs?: number;
}

async function importWith(db: Db, args: ImportArgs, deps: CommandDeps, where: string): Promise<number> {
  const { io, env } = deps;
  const owner = await importingSuperuser(db, args.as);
  const cwd = deps.cwd ?? env.INIT_CWD ?? process.cwd();
  const now = deps.now?.() ?? new Date();
  const from = isUrl(args.from) ? args.from : path.resolve(cwd, args.from);
  const vendor = VENDOR_NAMES[args.vendor];
  io.err(`Reading ${vendor}'s configuration from ${args.from}…`);
  const doc = await readSource({
    vendor: args.vendor,
    from,
    apiKey: args.apiKey,
    save: args.save && path.resolve(cwd, args.save),
    now,
    progress: (what) => io.err(`  ${what}`),
    retryDelayMs: deps.retryDelayMs,
  });
  io.out(`${vendor} → Vigil (${where}) as ${owner.email}: ${args.plan ? 'plan, nothing is written' : 'apply'}`);
  const lines = await runImport(db, doc, {
    plan: args.plan,
    now,
    owner,
    defaultTeamName: args.defaultTeam ?? `Imported from ${vendor}`,
    frontendHost: SETTINGS.FRONTEND_HOST.read(env) as string,
  });
  for (const line of lines) for (const text of formatLine(line, args.plan)) io.out(text);
  for (const text of summaryOf(lines, args.plan)) io.out(text);
  return lines.some((line) => line.outcome === 'failed') ? 1 : 0;
}

export async function importCommand(argv: string[], deps: CommandDeps): Promise<number> {
  const { io } = deps;
  if (argv.includes('--help') || argv.includes('-h')) {
    io.out(USAGE);
    return 0;
  }
  try {
    const args = parseImportArgs(argv, deps.env);
    if (deps.db) return await importWith(deps.db, args, deps, 'the given database');
    const { db, where } = await openImportDatabase(deps.env);
    try {
      await checkSchema(db);
      // One import at a time per database (PostgreSQL: an advisory lock; the embedded one is this process's alone).
      return await db.startupLock('vigil-import', () => importWith(db, args, deps, where));
    } finally {
      await db.destroy();
    }
  } catch (error) {
    if (error instanceof UsageError) {
      io.err(`${error.message}\n\n${USAGE}`);
      return 2;
    }
    if (error instanceof SourceError || error instanceof SetupError || error instanceof ConfigError) {
      io.err(`${error.message}\nNothing was imported.`);
      return 1;
    }
    throw error;
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  process.exitCode = await importCommand(process.argv.slice(2), {
    env: process.env,
    io: { out: (line) => console.log(line), err: (line) => console.error(line) },
  });
}
