// The `max` metadata checks each country's number patterns, not only lengths: a mistyped
// number is refused when the method is made, rather than failing every SMS later. It costs
// ~150 kB of memory on the server, which loads it once; the console never does.
import { parsePhoneNumberFromString } from 'libphonenumber-js/max';

export const INVALID_PHONE = 'enter a phone number in international format, e.g. +14155550100';
export const PHONE_EXTENSION = 'a phone number for SMS and calls cannot have an extension';

/**
 * A phone number in E.164 (`+14155550100`), from what a person types (`+1 (415) 555-0100`), or
 * null when it is not a valid number of any country. It must start with + and the country code:
 * without a country there is no way to tell whose national format it is.
 */
export function e164Of(raw: string): string | null {
  const value = raw.trim();
  if (!value.startsWith('+') || value.length > 40) return null;
  const parsed = parsePhoneNumberFromString(value);
  if (!parsed?.isValid() || parsed.ext) return null;
  return parsed.number;
}

/** Like e164Of, but telling why not: an extension is refused on its own. */
export function checkedPhone(raw: string): { phone: string } | { error: string } {
  const phone = e164Of(raw);
  if (phone) return { phone };
  const parsed = raw.trim().startsWith('+') ? parsePhoneNumberFromString(raw.trim()) : undefined;
  return { error: parsed?.isValid() && parsed.ext ? PHONE_EXTENSION : INVALID_PHONE };
}
