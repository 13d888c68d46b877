import { Type } from 'typebox';
import type { ProviderDefinition } from './types.js';

/** A Slack app: posts with buttons, slash command (docs/oncall/channels/slack.md). */
export const slackAppProvider: ProviderDefinition = {
  kind: 'slack_app',
  title: 'Slack app',
  body: Type.Object(
    {
      bot_token: Type.Optional(Type.String({ pattern: '^xoxb-', maxLength: 256 })),
      signing_secret: Type.Optional(Type.String({ minLength: 16, maxLength: 256 })),
      /** Slack's Web API (tests point it at a local server). */
      api_url: Type.Optional(Type.String({ format: 'uri', maxLength: 2048 })),
    },
    { title: 'SlackAppProviderUpdate', additionalProperties: false },
  ),
  secretFields: ['bot_token', 'signing_secret'],
};
