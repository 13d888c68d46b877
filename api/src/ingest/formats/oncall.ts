import { createHash } from 'node:crypto';
import { type TSchema, Type } from 'typebox';
import { boundedDedupKey, cleanLabels, clipDescription, clipTitle, type FormatParser, type IngestEvent } from '../events.js';
import { severityOf } from './alertmanager.js';

/**
 * Grafana OnCall's two webhook integrations, read as OnCall's default templates read them
 * (engine/config_integrations/formatted_webhook.py and webhook.py), so a sender that posted to
 * OnCall's `/integrations/v1/{formatted_webhook,webhook}/{token}/` only changes the host.
 */
const orNull = <T extends TSchema>(schema: T) => Type.Optional(Type.Union([schema, Type.Null()]));
const Id = orNull(Type.Union([Type.String(), Type.Number()]));

/** The formatted webhook: OnCall's own fields; anything else is accepted and ignored, as OnCall did. */
export const OnCallFormattedWebhook = Type.Object(
  {
    alert_uid: Id,
    title: orNull(Type.String()),
    message: orNull(Type.String()),
    image_url: orNull(Type.String()),
    link_to_upstream_details: orNull(Type.String()),
    /** `ok` resolves the alert of `alert_uid`; anything else (OnCall's example: `alerting`) raises it. */
    state: orNull(Type.String()),
  },
  { title: 'OnCallFormattedWebhook', additionalProperties: true },
);

/** The webhook integration takes any JSON, as OnCall did. */
export const OnCallWebhook = Type.Unknown({ title: 'OnCallWebhook', description: 'Any JSON value' });

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json => value !== null && typeof value === 'object' && !Array.isArray(value);
const textOf = (value: unknown) => (typeof value === 'string' && value.trim() ? value.trim() : undefined);
const idOf = (value: unknown) => (typeof value === 'number' && Number.isFinite(value) ? String(value) : textOf(value));

/** `ok` (OnCall's resolve condition) or `resolved`, in any case, in `state` or `status`. */
const resolves = (body: Json) => ['ok', 'resolved'].includes((textOf(body.state) ?? textOf(body.status) ?? '').toLowerCase());

/** How deep keys are put in order; below, a payload is taken as sent (a hostile nesting must not exhaust the stack). */
const CANONICAL_DEPTH = 32;

/** JSON with keys in order at every depth: the same payload gives the same text however a sender orders it. */
function canonical(value: unknown, depth = 0): string {
  if (depth >= CANONICAL_DEPTH) return JSON.stringify(value) ?? 'null';
  if (Array.isArray(value)) return `[${value.map((v) => canonical(v, depth + 1)).join(',')}]`;
  if (isObject(value)) {
    const keys = Object.keys(value).sort();
    return `{${keys.map((k) => `${JSON.stringify(k)}:${canonical(value[k], depth + 1)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
const hashOf = (value: unknown) => createHash('sha256').update(canonical(value)).digest('hex');

/** A payload without its state: a resolve that repeats the firing payload but for `state` finds its alert. */
const withoutState = (body: Json) => Object.fromEntries(Object.entries(body).filter(([k]) => k !== 'state' && k !== 'status'));

const linesOf = (...lines: (string | undefined)[]) => clipDescription(lines.filter(Boolean).join('\n'));

export const oncallFormattedWebhook: FormatParser = {
  toEvents(body): IngestEvent[] {
    const b = body as Json;
    const title = textOf(b.title);
    // OnCall groups by alert_uid; without one, alerts of one title are one alert here.
    const uid = idOf(b.alert_uid);
    return [
      {
        action: resolves(b) ? 'resolve' : 'trigger',
        dedupKey: uid ? boundedDedupKey(uid) : `oncall:title:${hashOf(title ?? '')}`,
        title: clipTitle(title ?? ''),
        description: linesOf(
          textOf(b.message),
          textOf(b.link_to_upstream_details) && `Link: ${textOf(b.link_to_upstream_details)}`,
          textOf(b.image_url) && `Image: ${textOf(b.image_url)}`,
        ),
        severity: severityOf({ severity: textOf(b.severity) ?? '' }),
        labels: cleanLabels(b),
      },
    ];
  },
};

export const oncallWebhook: FormatParser = {
  toEvents(body): IngestEvent[] {
    const b = isObject(body) ? body : {};
    const uid = idOf(b.alert_uid) ?? idOf(b.id);
    const url = textOf(b.url);
    return [
      {
        action: resolves(b) ? 'resolve' : 'trigger',
        // OnCall's default groups identical payloads; here the payload but its state, so `state: ok` resolves it.
        dedupKey: uid ? boundedDedupKey(uid) : `oncall:payload:${hashOf(isObject(body) ? withoutState(b) : body)}`,
        title: clipTitle(textOf(b.title) ?? textOf(b.alert_name) ?? 'Incident'),
        description: linesOf(textOf(b.message) ?? textOf(b.description) ?? JSON.stringify(body, null, 2), url && `Source: ${url}`),
        severity: severityOf({ severity: textOf(b.severity) ?? '' }),
        labels: cleanLabels(b),
      },
    ];
  },
};
