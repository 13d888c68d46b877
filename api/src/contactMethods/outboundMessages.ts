import { createHmac } from 'node:crypto';
import type { AlertSeverity, ContactMethodKind } from '../db/schema.js';
import type { OutboundRequest } from '../outbound/httpSender.js';

/** Where a method's messages go: the columns of `contact_methods` that say so. */
export interface MethodTarget {
  kind: Exclude<ContactMethodKind, 'email'>;
  target: string;
  topic: string | null;
  secret: string | null;
}

export interface AlertContent {
  type: 'alert';
  kind: 'new_alert' | 'escalation';
  level: number;
  alert: { id: string; title: string; description: string | null; severity: AlertSeverity; state: string };
  integrationTitle: string | null;
  /** The signed link to act on the alert (docs/api/signed-links.md). */
  link: string;
}

/** A verification code, and who it is for: nothing the user typed (a label could say anything to a stranger). */
export interface VerificationContent {
  type: 'verification';
  code: string;
  validMinutes: number;
  /** The address of the Vigil account adding the method. */
  account: string;
  /** The console's host (FRONTEND_HOST), so the reader knows which Vigil. */
  host: string;
}

/** A test the user asked for ("Send a test"): Vigil's words, the account and the console's host, nothing the user typed. */
export interface TestContent {
  type: 'test';
  /** The address of the Vigil account the method belongs to. */
  account: string;
  /** The console's host (FRONTEND_HOST), so the reader knows which Vigil. */
  host: string;
}

/** The alerts held past a person's limit and still open (contactMethods/bundleMessages.ts). */
export interface BundleContent {
  type: 'bundle';
  /** "12 more alerts for Database". */
  headline: string;
  /** How many alerts it tells of; `alerts` lists the oldest of them. */
  total: number;
  groupName: string | null;
  alerts: { id: string; title: string; severity: AlertSeverity; link: string }[];
  /** The console's list of alerts. */
  listLink: string;
}

export type MethodContent = AlertContent | VerificationContent | TestContent | BundleContent;

export const SIGNATURE_HEADER = 'X-Vigil-Signature';
export const DELIVERY_HEADER = 'X-Vigil-Delivery';
export const EVENT_HEADER = 'X-Vigil-Event';
const USER_AGENT = 'Vigil-Notifications/1';

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 of "<t>.<body>">`, as Stripe signs its webhooks. */
export function signatureOf(secret: string, body: string, at: Date): string {
  const t = Math.floor(at.getTime() / 1000);
  const v1 = createHmac('sha256', secret).update(`${t}.${body}`).digest('hex');
  return `t=${t},v1=${v1}`;
}

function eventOf(content: MethodContent): string {
  if (content.type === 'verification') return 'contact_method.verification';
  if (content.type === 'test') return 'contact_method.test';
  if (content.type === 'bundle') return 'alert.bundle';
  return content.kind === 'new_alert' ? 'alert.new' : 'alert.escalation';
}

/** One line that says what happened, for chat and push messages. */
function headline(content: AlertContent): string {
  const what = content.kind === 'new_alert' ? 'New alert' : `Escalated to level ${content.level}`;
  const where = content.integrationTitle ? ` (${content.integrationTitle})` : '';
  return `${what}${where}: [${content.alert.severity.toUpperCase()}] ${content.alert.title}`;
}

const verificationText = (content: VerificationContent) =>
  `Your Vigil verification code is ${content.code}. Enter it within ${content.validMinutes} minutes to receive the alerts of ` +
  `the Vigil account ${content.account} (${content.host}) here. If you did not ask for it, ignore this message: ` +
  'nothing more is sent here unless the code is entered.';

/** A test's one line, the same on every channel. */
export const testText = (content: TestContent) =>
  `This is a test from Vigil (${content.host}) for ${content.account}: alerts sent through this contact method will arrive like this.`;

/** The request a webhook, Slack-compatible or ntfy method receives for one notification. */
export function outboundRequest(method: MethodTarget, deliveryId: string, content: MethodContent, now: Date): OutboundRequest {
  switch (method.kind) {
    case 'webhook':
      return webhookRequest(method, deliveryId, content, now);
    case 'slack':
      return slackRequest(method, deliveryId, content);
    case 'ntfy':
      return ntfyRequest(method, deliveryId, content);
    default:
      throw new Error(`a ${method.kind} method is not sent as one request`);
  }
}

function webhookRequest(method: MethodTarget, deliveryId: string, content: MethodContent, now: Date): OutboundRequest {
  const event = eventOf(content);
  const payload =
    content.type === 'verification'
      ? { event, delivery_id: deliveryId, created_at: now.toISOString(), code: content.code, text: verificationText(content) }
      : content.type === 'test'
        ? { event, delivery_id: deliveryId, created_at: now.toISOString(), text: testText(content) }
        : content.type === 'bundle'
          ? {
              event,
              delivery_id: deliveryId,
              created_at: now.toISOString(),
              total: content.total,
              group: content.groupName,
              alerts: content.alerts.map(({ link, ...alert }) => ({ ...alert, action_url: link })),
              console_url: content.listLink,
              text: content.headline,
            }
          : {
              event,
              delivery_id: deliveryId,
              created_at: now.toISOString(),
              level: content.level,
              alert: content.alert,
              integration: content.integrationTitle,
              action_url: content.link,
              text: headline(content),
            };
  const body = JSON.stringify(payload);
  return {
    url: method.target,
    body,
    headers: {
      'content-type': 'application/json',
      'user-agent': USER_AGENT,
      [DELIVERY_HEADER]: deliveryId,
      [EVENT_HEADER]: event,
      // The wall clock, not the app's: a receiver compares t with its own clock to refuse replays.
      [SIGNATURE_HEADER]: signatureOf(method.secret ?? '', body, new Date()),
    },
  };
}

/** Slack's mrkdwn needs these three escaped; Mattermost and Rocket.Chat read them the same way. */
const slackEscape = (text: string) => text.replaceAll('&', '&amp;').replaceAll('<', '&lt;').replaceAll('>', '&gt;');

/**
 * `{text, blocks}`: the incoming-webhook body Slack takes; Mattermost and Rocket.Chat show
 * `text` (and ignore `blocks`), so one body serves all three.
 */
function slackRequest(method: MethodTarget, deliveryId: string, content: MethodContent): OutboundRequest {
  const text =
    content.type === 'verification'
      ? verificationText(content)
      : content.type === 'test'
        ? slackEscape(testText(content))
        : content.type === 'bundle'
          ? [
              slackEscape(content.headline),
              ...content.alerts.map((a) => `• [${a.severity.toUpperCase()}] <${a.link}|${slackEscape(a.title)}>`),
              `<${content.listLink}|Open the alerts>`,
            ].join('\n')
          : `${slackEscape(headline(content))}\n<${content.link}|Acknowledge, escalate or close>`;
  const body = JSON.stringify({ text, blocks: [{ type: 'section', text: { type: 'mrkdwn', text } }] });
  return {
    url: method.target,
    body,
    headers: { 'content-type': 'application/json', 'user-agent': USER_AGENT, [DELIVERY_HEADER]: deliveryId },
  };
}

const NTFY_PRIORITY: Record<AlertSeverity, string> = { critical: '5', high: '4', warning: '3', info: '2' };

/** A header value in ASCII: other text as an RFC 2047 word, which ntfy decodes. */
function headerText(text: string): string {
  const flat = text.replace(/[\r\n]+/g, ' ');
  return /^[\x20-\x7e]*$/.test(flat) ? flat : `=?UTF-8?B?${Buffer.from(flat, 'utf8').toString('base64')}?=`;
}

/** ntfy's publish: the message as the body, the rest as its Title, Priority, Tags and Click headers. */
function ntfyRequest(method: MethodTarget, deliveryId: string, content: MethodContent): OutboundRequest {
  const url = `${method.target.replace(/\/+$/, '')}/${encodeURIComponent(method.topic ?? '')}`;
  const auth: Record<string, string> = method.secret ? { authorization: `Bearer ${method.secret}` } : {};
  const base = { 'user-agent': USER_AGENT, [DELIVERY_HEADER]: deliveryId, ...auth };
  if (content.type === 'verification') {
    return {
      url,
      body: verificationText(content),
      headers: { ...base, 'content-type': 'text/plain; charset=utf-8', Title: 'Vigil verification code', Priority: '3', Tags: 'key' },
    };
  }
  if (content.type === 'test') {
    return {
      url,
      body: testText(content),
      headers: { ...base, 'content-type': 'text/plain; charset=utf-8', Title: 'Vigil test', Priority: '3', Tags: 'white_check_mark,vigil' },
    };
  }
  if (content.type === 'bundle') {
    const worst = (['critical', 'high', 'warning', 'info'] as const).find((s) => content.alerts.some((a) => a.severity === s)) ?? 'warning';
    return {
      url,
      body: content.alerts.map((a) => `[${a.severity.toUpperCase()}] ${a.title}`).join('\n') || content.headline,
      headers: {
        ...base,
        'content-type': 'text/plain; charset=utf-8',
        Title: headerText(content.headline),
        Priority: NTFY_PRIORITY[worst],
        Tags: 'rotating_light,vigil',
        Click: content.listLink,
      },
    };
  }
  const tags = content.kind === 'escalation' ? 'rotating_light,vigil' : 'warning,vigil';
  return {
    url,
    body: content.alert.description?.trim() || headline(content),
    headers: {
      ...base,
      'content-type': 'text/plain; charset=utf-8',
      Title: headerText(headline(content)),
      Priority: NTFY_PRIORITY[content.alert.severity],
      Tags: tags,
      Click: content.link,
    },
  };
}
