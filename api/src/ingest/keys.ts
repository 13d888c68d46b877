import { createHash, randomBytes } from 'node:crypto';
import { API_PREFIX, INGEST_PATH } from '../apiPrefix.js';
import type { Config } from '../config.js';

/**
 * A new ingest key: 32 random bytes, base64url (43 characters). Only its hash is stored; the
 * key itself is answered once, when issued.
 */
export function newIngestKey(): { key: string; hash: string } {
  const key = randomBytes(32).toString('base64url');
  return { key, hash: hashIngestKey(key) };
}

/**
 * SHA-256 suffices for a 256-bit random key (no dictionary to guess from, unlike a password),
 * and being deterministic it lets the key be looked up through a unique index.
 */
export function hashIngestKey(key: string): string {
  return createHash('sha256').update(key).digest('hex');
}

/** The URL a sender posts to, on the console's public origin (FRONTEND_HOST). */
export function ingestUrl(config: Pick<Config, 'frontendHost'>, key: string): string {
  return `${config.frontendHost}${API_PREFIX}${INGEST_PATH}/${key}`;
}
