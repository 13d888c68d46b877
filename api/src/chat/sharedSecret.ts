import { createHash, timingSafeEqual } from 'node:crypto';

/** Whether a callback's secret is the expected one, in constant time whatever their lengths (both hashed first). */
export function secretMatches(given: unknown, expected: string | null | undefined): boolean {
  if (typeof given !== 'string' || !expected) return false;
  const digest = (s: string) => createHash('sha256').update(s).digest();
  return timingSafeEqual(digest(given), digest(expected));
}
