import { randomBytes } from 'node:crypto';
import { hashOneTimeToken } from '../auth/tokens.js';
import type { Db } from '../db/database.js';
import { SESSION_CODE_TTL_SECONDS } from './flowCookie.js';

/**
 * A one-time code for the console, made when a sign-in succeeds, and the browser secret it is
 * bound to (set as an HttpOnly cookie): the console exchanges the code for an access token,
 * so the token itself never appears in a URL, a history entry or a Referer. Only hashes are
 * stored. Expired codes of anyone are swept at each new one.
 */
export async function issueSessionCode(db: Db, userId: string, now: Date): Promise<{ code: string; browser: string }> {
  const code = randomBytes(32).toString('base64url');
  const browser = randomBytes(32).toString('base64url');
  await db.deleteFrom('sso_session_codes').where('expires_at', '<', now).execute();
  await db
    .insertInto('sso_session_codes')
    .values({
      code_hash: hashOneTimeToken(code),
      browser_hash: hashOneTimeToken(browser),
      user_id: userId,
      expires_at: new Date(now.getTime() + SESSION_CODE_TTL_SECONDS * 1000),
    })
    .execute();
  return { code, browser };
}

/**
 * Spends a code: the user it was made for when it is unexpired and this is the browser it was
 * made for; null otherwise. Spent either way once presented with its browser's cookie (a
 * second exchange, or a racing one, finds nothing).
 */
export async function spendSessionCode(db: Db, code: string, browser: string | undefined, now: Date): Promise<string | null> {
  if (!browser) return null;
  const row = await db
    .deleteFrom('sso_session_codes')
    .where('code_hash', '=', hashOneTimeToken(code))
    .where('browser_hash', '=', hashOneTimeToken(browser))
    .returning(['user_id', 'expires_at'])
    .executeTakeFirst();
  return row && row.expires_at.getTime() > now.getTime() ? row.user_id : null;
}
