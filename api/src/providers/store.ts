import { type AuditActor, recordAudit } from '../audit/record.js';
import type { Db } from '../db/database.js';
import type { ProviderKind } from '../db/schema.js';
import { HttpError, invalidField } from '../errors.js';
import { PROVIDERS } from './definitions/index.js';
import { openSecrets, sealSecrets } from './secretBox.js';

/** A provider as the senders use it: its settings and its secrets in clear. */
export interface ProviderSettings {
  config: Record<string, unknown>;
  secrets: Record<string, string>;
}

/** A provider as a superuser reads it: secrets only as their last characters. */
export interface ProviderPublicView {
  kind: ProviderKind;
  title: string;
  configured: boolean;
  config: Record<string, unknown>;
  /** Each secret field: its last 4 characters, or null when none is stored. */
  secret_hints: Record<string, string | null>;
  /** False when the stored secrets cannot be read (SECRET_KEY changed): set them again. */
  secrets_readable: boolean;
  updated_at: string | null;
}

/** How long a replica trusts what it read: a change made on another replica applies within this. */
export const PROVIDER_CACHE_MS = 5_000;

export const PROVIDER_NOT_CONFIGURED = (title: string) => `${title} is not configured`;
const SECRET_REQUIRED = 'this secret is required the first time the provider is configured';

const hint = (value: string | undefined) => (value ? `…${value.slice(-4)}` : null);

/**
 * The providers a superuser configures once (migration 0027): one row per kind, the secrets
 * sealed (secretBox.ts). Reads are cached per replica for PROVIDER_CACHE_MS, as the settings are,
 * since every SMS and every Slack post reads its provider.
 */
export class ProviderStore {
  private readonly cache = new Map<ProviderKind, { value: ProviderSettings | null; until: number }>();

  constructor(
    private readonly db: Db,
    private readonly secretKey: string,
    private readonly nowMs: () => number = Date.now,
  ) {}

  /** The provider's settings, or null when it is not configured (or its secrets are unreadable). */
  async read(kind: ProviderKind): Promise<ProviderSettings | null> {
    const cached = this.cache.get(kind);
    if (cached && this.nowMs() < cached.until) return cached.value;
    const row = await this.db.selectFrom('notification_providers').selectAll().where('kind', '=', kind).executeTakeFirst();
    const secrets = row?.secrets ? openSecrets(this.secretKey, row.secrets) : {};
    const value = row && secrets ? { config: row.config, secrets } : null;
    this.cache.set(kind, { value, until: this.nowMs() + PROVIDER_CACHE_MS });
    return value;
  }

  /** Like read, but a 409 naming the provider when it is not configured. */
  async require(kind: ProviderKind): Promise<ProviderSettings> {
    const settings = await this.read(kind);
    if (!settings) throw new HttpError(409, PROVIDER_NOT_CONFIGURED(PROVIDERS[kind].title));
    return settings;
  }

  async list(): Promise<ProviderPublicView[]> {
    const rows = await this.db.selectFrom('notification_providers').selectAll().execute();
    return Object.values(PROVIDERS).map((definition) => {
      const row = rows.find((r) => r.kind === definition.kind);
      const secrets = row?.secrets ? openSecrets(this.secretKey, row.secrets) : {};
      return {
        kind: definition.kind,
        title: definition.title,
        configured: row !== undefined && secrets !== null,
        config: row?.config ?? {},
        secret_hints: Object.fromEntries(definition.secretFields.map((field) => [field, hint(secrets?.[field])])),
        secrets_readable: secrets !== null,
        updated_at: row?.updated_at.toISOString() ?? null,
      };
    });
  }

  /**
   * Sets a provider's configuration from a PUT body (already checked against its schema): the
   * secret fields given replace the stored ones, those left out are kept; audited without them.
   */
  async put(kind: ProviderKind, body: Record<string, unknown>, actor: AuditActor): Promise<ProviderPublicView> {
    const definition = PROVIDERS[kind];
    await this.db.transaction().execute(async (trx) => {
      const before = await trx.selectFrom('notification_providers').selectAll().where('kind', '=', kind).forUpdate().executeTakeFirst();
      const stored = (before?.secrets && openSecrets(this.secretKey, before.secrets)) || {};
      const config: Record<string, unknown> = {};
      const secrets: Record<string, string> = {};
      for (const [field, value] of Object.entries(body)) {
        if (definition.secretFields.includes(field)) {
          if (typeof value === 'string') secrets[field] = value;
        } else if (value !== undefined) config[field] = value;
      }
      for (const field of definition.secretFields) {
        if (secrets[field] === undefined && stored[field] !== undefined) secrets[field] = stored[field];
      }
      checkUrls(config);
      definition.check?.(config, secrets);
      const values = {
        config: JSON.stringify(config),
        secrets: sealSecrets(this.secretKey, secrets),
        updated_at: new Date(),
        updated_by: actor.userId,
      };
      await trx
        .insertInto('notification_providers')
        .values({ kind, ...values })
        .onConflict((oc) => oc.column('kind').doUpdateSet(values))
        .execute();
      const changed = definition.secretFields.filter((field) => body[field] !== undefined);
      await recordAudit(trx, actor, {
        action: before ? 'provider.updated' : 'provider.configured',
        targetType: 'provider',
        targetId: kind,
        before: before ? { kind, ...before.config } : null,
        after: { kind, ...config, secrets_changed: changed },
      });
    });
    this.cache.delete(kind);
    const view = (await this.list()).find((p) => p.kind === kind);
    if (!view) throw new Error(`provider ${kind} vanished`);
    return view;
  }

  async remove(kind: ProviderKind, actor: AuditActor): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      const row = await trx.deleteFrom('notification_providers').where('kind', '=', kind).returningAll().executeTakeFirst();
      if (!row) throw new HttpError(404, PROVIDER_NOT_CONFIGURED(PROVIDERS[kind].title));
      await recordAudit(trx, actor, {
        action: 'provider.removed',
        targetType: 'provider',
        targetId: kind,
        before: { kind, ...row.config },
      });
    });
    this.cache.delete(kind);
  }
}

/** The settings that name where a provider is (an API base, a gateway's URL). */
const URL_FIELDS = ['api_base', 'api_url', 'url'];

/**
 * Each URL setting must be one Node's URL parser takes, over http(s): the schema's `uri` format
 * lets through text (`http://a b`) that every send would then fail on, as a 500 at the worst.
 */
function checkUrls(config: Record<string, unknown>): void {
  for (const field of URL_FIELDS) {
    const value = config[field];
    if (value === undefined) continue;
    let url: URL | undefined;
    try {
      url = new URL(String(value));
    } catch {
      url = undefined;
    }
    if (!url || !['http:', 'https:'].includes(url.protocol)) throw invalidField(['body', field], INVALID_PROVIDER_URL);
  }
}

export const INVALID_PROVIDER_URL = 'enter an http:// or https:// URL';

/** A 422 for a secret field missing on first configuration. */
export function requireSecret(secrets: Record<string, string>, field: string): void {
  if (!secrets[field]) throw invalidField(['body', field], SECRET_REQUIRED);
}
