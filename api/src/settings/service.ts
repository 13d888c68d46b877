import { type AuditActor, recordAudit } from '../audit/record.js';
import type { Db } from '../db/database.js';

export interface AppSettings {
  requireSignedLinks: boolean;
  /** Whether POST /users/signup creates accounts; closed, only superusers add users. */
  signupOpen: boolean;
}

const COLUMNS = ['require_signed_links', 'signup_open'] as const;
const fromRow = (row: { require_signed_links: boolean; signup_open: boolean }): AppSettings => ({
  requireSignedLinks: row.require_signed_links,
  signupOpen: row.signup_open,
});

/** How long a replica trusts the settings it read: a change made on another replica applies within this. */
export const SETTINGS_CACHE_MS = 5_000;

/**
 * The run-time settings (one row of app_settings), read on every public alert call and every
 * sign-up, and so cached: at most one primary-key read per replica every SETTINGS_CACHE_MS, however many
 * calls. The replica that makes a change sees it at once; the others when their copy ages
 * out (a change of policy, not of data: seconds are fine, and no LISTEN connection is held).
 */
export class SettingsStore {
  private cached?: { settings: AppSettings; until: number };
  private reading?: Promise<AppSettings>;
  /** Bumped by each update, so a read that started before it cannot put back the old value. */
  private version = 0;

  constructor(
    private readonly db: Db,
    private readonly nowMs: () => number = Date.now,
    private readonly cacheMs = SETTINGS_CACHE_MS,
  ) {}

  async read(): Promise<AppSettings> {
    if (this.cached && this.nowMs() < this.cached.until) return this.cached.settings;
    // Calls arriving while the row is being read share that read.
    this.reading ??= this.load().finally(() => {
      this.reading = undefined;
    });
    return this.reading;
  }

  /** Changes the settings, with its audit entry (`settings.updated`) in the same transaction. */
  async update(change: Partial<AppSettings>, actor: AuditActor & { userId: string }): Promise<AppSettings> {
    this.version += 1;
    const row = await this.db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('app_settings').select(COLUMNS).where('id', '=', 1).forUpdate().executeTakeFirstOrThrow();
      const after = await trx
        .updateTable('app_settings')
        .set({
          ...(change.requireSignedLinks !== undefined && { require_signed_links: change.requireSignedLinks }),
          ...(change.signupOpen !== undefined && { signup_open: change.signupOpen }),
          updated_at: new Date(),
          updated_by: actor.userId,
        })
        .where('id', '=', 1)
        .returning(COLUMNS)
        .executeTakeFirstOrThrow();
      await recordAudit(trx, actor, { action: 'settings.updated', targetType: 'settings', targetId: null, before, after });
      return after;
    });
    return this.remember(fromRow(row));
  }

  private async load(): Promise<AppSettings> {
    const version = this.version;
    const row = await this.db.selectFrom('app_settings').select(COLUMNS).where('id', '=', 1).executeTakeFirstOrThrow();
    const settings = fromRow(row);
    return version === this.version ? this.remember(settings) : settings;
  }

  private remember(settings: AppSettings): AppSettings {
    this.cached = { settings, until: this.nowMs() + this.cacheMs };
    return settings;
  }
}
