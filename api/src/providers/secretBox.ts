import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';

/**
 * Provider secrets (an auth token, a bot token, a signing secret) encrypted at rest with
 * AES-256-GCM under a key derived from SECRET_KEY: a database dump alone does not hand over
 * the right to send SMS or post in Slack. `v1.<iv>.<tag>.<ciphertext>`, base64url.
 */
const keyOf = (secretKey: string) => Buffer.from(hkdfSync('sha256', secretKey, 'vigil', 'provider-secrets-v1', 32));

export function sealSecrets(secretKey: string, secrets: Record<string, string>): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keyOf(secretKey), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(secrets), 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join('.');
}

/** The secrets, or null when they cannot be read (SECRET_KEY changed since): the provider must be set up again. */
export function openSecrets(secretKey: string, sealed: string): Record<string, string> | null {
  const [version, iv, tag, body] = sealed.split('.');
  if (version !== 'v1' || !iv || !tag || body === undefined) return null;
  try {
    const decipher = createDecipheriv('aes-256-gcm', keyOf(secretKey), Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    const text = Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
    return JSON.parse(text) as Record<string, string>;
  } catch {
    return null;
  }
}
