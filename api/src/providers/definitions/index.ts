import type { ProviderKind } from '../../db/schema.js';
import { slackAppProvider } from './slackApp.js';
import { smsGatewayProvider } from './smsGateway.js';
import { telegramProvider } from './telegram.js';
import { twilioProvider } from './twilio.js';
import type { ProviderDefinition } from './types.js';

export const PROVIDERS: Record<ProviderKind, ProviderDefinition> = {
  twilio: twilioProvider,
  sms_gateway: smsGatewayProvider,
  slack_app: slackAppProvider,
  telegram: telegramProvider,
};
