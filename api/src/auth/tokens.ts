import { createHash, randomBytes, webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  userId: string;
  /** The user's token_version when the token was made. */
  version: number;
}

const ALGORITHM = 'HS256';
/** Verified tokens remembered; the oldest is forgotten first. ~200 bytes each. */
const VERIFIED_CACHE_SIZE = 10_000;

interface Verified {
  claims: AccessClaims;
  /** When the token expires, in ms since the epoch. */
  expiresAt: number;
}

export class TokenSigner {
  // A CryptoKey imported once: given bytes or a KeyObject, jose (WebCrypto) imports the key
  // again on every sign and check, ~10% of a list request's CPU.
  private readonly key: Promise<webcrypto.CryptoKey>;
  /**
   * Signature checks already made, by the exact token string. An HMAC check of the same bytes
   * always gives the same answer, so remembering it until the token expires is safe; WebCrypto
   * runs each check on the libuv pool, which halved list throughput. Revocation does not live
   * here: the user's token_version is checked against the database on every request.
   */
  private readonly verified = new Map<string, Verified>();

  constructor(
    secretKey: string,
    private readonly expireMinutes: number,
  ) {
    this.key = webcrypto.subtle.importKey('raw', new TextEncoder().encode(secretKey), { name: 'HMAC', hash: 'SHA-256' }, false, [
      'sign',
      'verify',
    ]);
  }

  async sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ ver: claims.version })
      .setProtectedHeader({ alg: ALGORITHM })
      .setSubject(claims.userId)
      .setIssuedAt()
      .setExpirationTime(`${this.expireMinutes}m`)
      .sign(await this.key);
  }

  /** The claims of a valid, unexpired token; null for anything else. */
  async verify(token: string): Promise<AccessClaims | null> {
    const known = this.verified.get(token);
    if (known) {
      if (known.expiresAt > Date.now()) return known.claims;
      this.verified.delete(token);
      return null;
    }
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: [ALGORITHM] });
      if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number' || typeof payload.exp !== 'number') return null;
      const claims = { userId: payload.sub, version: payload.ver };
      this.remember(token, { claims, expiresAt: payload.exp * 1000 });
      return claims;
    } catch {
      return null;
    }
  }

  private remember(token: string, verified: Verified): void {
    if (this.verified.size >= VERIFIED_CACHE_SIZE) {
      // A Map iterates in insertion order: the first key is the oldest.
      const oldest = this.verified.keys().next().value;
      if (oldest !== undefined) this.verified.delete(oldest);
    }
    this.verified.set(token, verified);
  }
}

/** A one-time secret for links (password reset): the raw value is mailed, only its hash is stored. */
export function newOneTimeToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOneTimeToken(token) };
}

export const hashOneTimeToken = (token: string): string => createHash('sha256').update(token).digest('hex');
