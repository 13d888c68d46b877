import { type Logger, LogLevel, WebClient } from '@slack/web-api';
import { HttpError } from '../../errors.js';
import type { ProviderSettings, ProviderStore } from '../../providers/store.js';

export const DEFAULT_SLACK_API_URL = 'https://slack.com/api/';
/** One call's limit: well inside a delivery job's 120 s expiry. */
const SLACK_TIMEOUT_MS = 10_000;
export const NO_BOT_TOKEN = 'the Slack app has no bot token: set it in the Slack app provider';
export const NO_SIGNING_SECRET = 'the Slack app has no signing secret: set it in the Slack app provider';

/** The SDK's own log lines say nothing we need and could carry request details: none are written. */
const silent: Logger = {
  debug: () => {},
  info: () => {},
  warn: () => {},
  error: () => {},
  setLevel: () => {},
  getLevel: () => LogLevel.ERROR,
  setName: () => {},
};

/** The Slack app as the senders use it: a Web API client, and its token to keep out of any error. */
export interface SlackApp {
  client: WebClient;
  token: string;
  signingSecret: string | null;
}

/**
 * A client for the configured Slack app. The SDK's own retries are off (no retry, a rate limit
 * rejected at once): the notification queue retries with its backoff, so a job never waits out
 * minutes of Retry-After past its expiry, and each attempt is recorded.
 */
export function slackAppOf(settings: ProviderSettings): SlackApp {
  const token = settings.secrets.bot_token;
  if (!token) throw new HttpError(409, NO_BOT_TOKEN);
  const apiUrl = typeof settings.config.api_url === 'string' ? settings.config.api_url : DEFAULT_SLACK_API_URL;
  const client = new WebClient(token, {
    slackApiUrl: apiUrl.endsWith('/') ? apiUrl : `${apiUrl}/`,
    logger: silent,
    retryConfig: { retries: 0 },
    rejectRateLimitedCalls: true,
    timeout: SLACK_TIMEOUT_MS,
    // Method names only: an absolute URL never overrides the configured API.
    allowAbsoluteUrls: false,
  });
  return { client, token, signingSecret: settings.secrets.signing_secret ?? null };
}

/** The configured app, or an error naming what is missing (a delivery attempt fails and is retried). */
export async function requireSlackApp(providers: ProviderStore): Promise<SlackApp> {
  return slackAppOf(await providers.require('slack_app'));
}

interface SdkError {
  code?: string;
  data?: { error?: string };
  statusCode?: number;
  retryAfter?: number;
  original?: { message?: string; cause?: { code?: string } };
  message?: string;
}

/**
 * A Slack failure in words fit for a notification's stored error, a log line and a team admin:
 * Slack's error code, the HTTP status, a rate limit, or the network's; never the token.
 */
export function slackFailure(error: unknown, token: string): Error {
  const e = (error ?? {}) as SdkError;
  let words: string;
  switch (e.code) {
    case 'slack_webapi_platform_error':
      words = `Slack answered ${e.data?.error ?? 'an error'}`;
      break;
    case 'slack_webapi_rate_limited_error':
      words = `Slack rate-limited the call (retry after ${e.retryAfter ?? '?'} s)`;
      break;
    case 'slack_webapi_http_error':
      words = `HTTP ${e.statusCode ?? '?'} from Slack`;
      break;
    case 'slack_webapi_request_error':
      words = `could not reach Slack: ${e.original?.cause?.code ?? e.original?.message ?? 'request failed'}`;
      break;
    default:
      words = e.message ?? String(error);
  }
  return new Error(token ? words.replaceAll(token, '[token]') : words);
}

/** Calls Slack, a failure reworded by slackFailure. */
export async function callSlack<T>(app: SlackApp, call: (client: WebClient) => Promise<T>): Promise<T> {
  try {
    return await call(app.client);
  } catch (error) {
    throw slackFailure(error, app.token);
  }
}
