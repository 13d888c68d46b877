import { createHash, createSecretKey, type KeyObject, randomBytes } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';

export interface AccessClaims {
  userId: string;
  /** The user's token_version when the token was made. */
  version: number;
}

const ALGORITHM = 'HS256';

export class TokenSigner {
  // A KeyObject made once: given raw bytes, jose imports the key again on every check.
  private readonly key: KeyObject;

  constructor(
    secretKey: string,
    private readonly expireMinutes: number,
  ) {
    this.key = createSecretKey(Buffer.from(secretKey, 'utf8'));
  }

  async sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ ver: claims.version })
      .setProtectedHeader({ alg: ALGORITHM })
      .setSubject(claims.userId)
      .setIssuedAt()
      .setExpirationTime(`${this.expireMinutes}m`)
      .sign(this.key);
  }

  /** The claims of a valid, unexpired token; null for anything else. */
  async verify(token: string): Promise<AccessClaims | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, { algorithms: [ALGORITHM] });
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
