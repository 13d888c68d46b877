import { createHash, randomBytes, webcrypto } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  userId: string;
  /** The user's token_version when the token was made. */
  version: number;
}

const ALGORITHM = 'HS256';

export class TokenSigner {
  // A CryptoKey imported once: given bytes or a KeyObject, jose (WebCrypto) imports the key
  // again on every sign and check, ~10% of a list request's CPU.
  private readonly key: Promise<webcrypto.CryptoKey>;

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
    try {
      const { payload } = await jwtVerify(token, await this.key, { algorithms: [ALGORITHM] });
      if (typeof payload.sub !== 'string' || typeof payload.ver !== 'number') return null;
      return { userId: payload.sub, version: payload.ver };
    } catch {
      return null;
    }
  }
}

/** A one-time secret for links (password reset): the raw value is mailed, only its hash is stored. */
export function newOneTimeToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashOneTimeToken(token) };
}

export const hashOneTimeToken = (token: string): string => createHash('sha256').update(token).digest('hex');
