import type { ProviderStore } from '../providers/store.js';
import { sendGatewaySms } from './gatewayClient.js';
import { placeTwilioCall, sendTwilioSms, twilioAccountOf } from './twilioClient.js';

export const NO_SMS_PROVIDER = 'No SMS provider is configured: a superuser sets up Twilio or an HTTP SMS gateway';
export const VOICE_NEEDS_TWILIO = 'Voice calls need Twilio, which is not configured';

/**
 * Sends one SMS: through Twilio when it is configured, unless the HTTP SMS gateway is
 * configured with `preferred`; through the gateway when Twilio is not. Read at each send (the
 * store caches for 5 s), so a superuser's change applies to the next attempt.
 */
export async function sendSms(providers: ProviderStore, to: string, text: string): Promise<void> {
  const [twilio, gateway] = await Promise.all([providers.read('twilio'), providers.read('sms_gateway')]);
  if (gateway && (gateway.config.preferred === true || !twilio)) return sendGatewaySms(gateway, to, text);
  if (twilio) {
    await sendTwilioSms(twilioAccountOf(twilio), to, text);
    return;
  }
  throw new Error(NO_SMS_PROVIDER);
}

/** Places one call through Twilio (the only voice provider): its TwiML at `url`, or the TwiML given. */
export async function placeCall(providers: ProviderStore, to: string, script: { url: string } | { twiml: string }): Promise<void> {
  const twilio = await providers.read('twilio');
  if (!twilio) throw new Error(VOICE_NEEDS_TWILIO);
  await placeTwilioCall(twilioAccountOf(twilio), to, script);
}
