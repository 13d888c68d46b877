import type { AlertSeverity } from '../db/schema.js';

/** One SMS segment of GSM-7 text: longer texts are split (and billed) in parts. */
export const SMS_SEGMENT = 160;

const SEVERITY: Record<AlertSeverity, string> = { critical: 'CRIT', high: 'HIGH', warning: 'WARN', info: 'INFO' };

export interface PhoneAlert {
  title: string;
  severity: AlertSeverity;
  integrationTitle: string | null;
  kind: 'new_alert' | 'escalation';
  level: number;
}

/** Shortened to `max` characters with "..." (GSM-7 has no ellipsis character). */
const shortened = (text: string, max: number) => (text.length <= max ? text : `${text.slice(0, Math.max(0, max - 3)).trimEnd()}...`);
const oneLine = (text: string) => text.replace(/\s+/g, ' ').trim();

/**
 * An alert as one SMS, within one segment where the title allows: `Vigil: [CRIT] Database down
 * (db-prod). Reply 1a ack, 1e escalate, 1c close`. The reply menu is kept whole; the source goes
 * first, then the title is shortened. A title with characters outside GSM-7 (an emoji) makes
 * the message UCS-2, which the carrier splits into 70-character parts: it still arrives.
 */
export function alertSms(alert: PhoneAlert, code: number): string {
  const head = alert.kind === 'escalation' && alert.level > 1 ? `Vigil (level ${alert.level}):` : 'Vigil:';
  const menu = ` Reply ${code}a ack, ${code}e escalate, ${code}c close`;
  const severity = `[${SEVERITY[alert.severity]}]`;
  const title = oneLine(alert.title);
  const source = alert.integrationTitle ? ` (${oneLine(alert.integrationTitle)})` : '';
  const fixed = `${head} ${severity} `.length + menu.length + 1;
  const withSource = fixed + title.length + source.length <= SMS_SEGMENT ? source : '';
  return `${head} ${severity} ${shortened(title, SMS_SEGMENT - fixed - withSource.length)}${withSource}.${menu}`;
}

/**
 * A bundle (past the person's SMS limit) as one or two segments: `Vigil: 12 more alerts for
 * Database: Disk full, CPU high, .... Reply aa to acknowledge all`. The titles are cut to fit.
 */
export function bundleSms(headline: string, titles: string[]): string {
  const menu = '. Reply aa to acknowledge all';
  const head = `Vigil: ${headline}: `;
  const room = 2 * SMS_SEGMENT - head.length - menu.length;
  return `${head}${shortened(titles.map(oneLine).join(', '), room)}${menu}`;
}

export const verificationSms = (code: string, account: string, host: string, validMinutes: number) =>
  `Your Vigil verification code is ${code}. For ${account} on ${host}, valid ${validMinutes} min. Not you? Ignore this.`;

export const testSms = (host: string, account: string) => `This is a test from Vigil (${host}) for ${account}.`;

/** Text in XML: TwiML is XML, and an alert's title is anyone's text. */
export const xmlEscaped = (text: string) =>
  text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;').replaceAll('"', '&quot;').replaceAll("'", '&apos;');

const say = (text: string) => `<Say>${xmlEscaped(text)}</Say>`;
export const twiml = (inner: string) => `<?xml version="1.0" encoding="UTF-8"?><Response>${inner}</Response>`;

/** Digits read one by one ("1, 2, 3"), not as a number ("one hundred twenty-three"). */
const spelled = (digits: string) => digits.split('').join(', ');

export function verificationCall(code: string, host: string): string {
  const read = `Your Vigil verification code is ${spelled(code)}.`;
  return twiml(`${say(`Hello. This is Vigil at ${host}. ${read}`)}<Pause length="1"/>${say(`Again: ${read}`)}${say('Goodbye.')}`);
}

/** A bundle read out: the headline and the first titles; acting is done by SMS or in Vigil. */
export function bundleCall(headline: string, titles: string[]): string {
  const first = titles.slice(0, 3).map(oneLine).join('. ');
  return twiml(say(`Vigil: ${headline}. ${first}. Open Vigil, or reply a a to the text message, to acknowledge them. Goodbye.`));
}

export const testCall = (host: string, account: string) => twiml(say(`This is a test from Vigil (${host}) for ${account}. Goodbye.`));

const VOICE_MENU = 'Press 1 to acknowledge, 2 to escalate, 3 to close.';

/**
 * An alert call: the alert read out, then the menu; with no key pressed, the menu once more,
 * then goodbye. A key goes to `action` (Twilio posts Digits there).
 */
export function alertCall(alert: PhoneAlert, state: string, action: string): string {
  if (state === 'closed') return twiml(say(`Vigil alert: ${alert.title}. This alert is closed already. Goodbye.`));
  const level = alert.kind === 'escalation' && alert.level > 1 ? `, escalated to level ${alert.level}` : '';
  const source = alert.integrationTitle ? `, from ${alert.integrationTitle}` : '';
  const intro = `Vigil alert${level}. ${alert.severity}: ${alert.title}${source}.${state === 'acknowledged' ? ' It is acknowledged already.' : ''}`;
  const gather = (text: string) => `<Gather numDigits="1" timeout="8" method="POST" action="${xmlEscaped(action)}">${say(text)}</Gather>`;
  return twiml(`${gather(`${intro} ${VOICE_MENU}`)}${gather(VOICE_MENU)}${say('No key pressed. Goodbye.')}`);
}

/** What a key press answers on the call, then hangs up. */
export const spokenAnswer = (text: string) => twiml(`${say(text)}<Hangup/>`);

/** A reply by SMS (TwiML for Twilio; the gateway's answer is the text itself). */
export const smsAnswer = (text: string | null) => twiml(text ? `<Message>${xmlEscaped(text)}</Message>` : '');
