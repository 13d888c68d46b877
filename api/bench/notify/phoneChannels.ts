import { ACCOUNT_SID, AUTH_TOKEN, FROM_NUMBER } from '../../test/helpers/telephony.js';
import { TwilioApi } from '../../test/helpers/twilioApi.js';
import type { BenchApp } from '../oncall/benchApp.js';
import { type BenchChannel, type BenchReceiver, configureProvider, hookReceiver, methodsFor, removeProvider } from './benchChannel.js';

/**
 * SMS and voice: through the local Twilio (api/test/helpers/twilioApi.ts, configured as the
 * telephony tests do) and through an HTTP SMS gateway (a local receiver the template posts to,
 * SMS Gateway for Android's shape). Each channel's users have numbers of their own: an SMS
 * allocates a reply code per number under a lock (telephony/replyCodes.ts), measured as it is.
 */
/** Measured on 2/5 of the alerts: a few hundred a second, they would take the run past two minutes. */
const PHONE_SHARE = 0.4;

const phone = (block: number) => (userIndex: number) => `+1415${block}${String(userIndex).padStart(6, '0')}`;

/** Twilio configured against a fresh fake; `resource` counts its accepted Messages or Calls. */
async function twilio(b: BenchApp, resource: 'Messages' | 'Calls'): Promise<BenchReceiver> {
  const api = await new TwilioApi(ACCOUNT_SID, { username: ACCOUNT_SID, password: AUTH_TOKEN }).start();
  await configureProvider(b, 'twilio', { account_sid: ACCOUNT_SID, auth_token: AUTH_TOKEN, from_number: FROM_NUMBER, api_base: api.base });
  return {
    received: () => api.accepted.filter((r) => r.resource === resource).length,
    async stop() {
      await removeProvider(b, 'twilio');
      await api.stop();
    },
  };
}

export const PHONE_CHANNELS: BenchChannel[] = [
  {
    name: 'sms (Twilio)',
    channel: 'sms',
    alertShare: PHONE_SHARE,
    async setUp(b, { userIds }) {
      const receiver = await twilio(b, 'Messages');
      await methodsFor(b, userIds, { kind: 'sms', target: phone(1) });
      return receiver;
    },
  },
  {
    name: 'voice (Twilio)',
    channel: 'voice',
    alertShare: PHONE_SHARE,
    async setUp(b, { userIds }) {
      const receiver = await twilio(b, 'Calls');
      await methodsFor(b, userIds, { kind: 'voice', target: phone(2) });
      return receiver;
    },
  },
  {
    name: 'sms (HTTP gateway)',
    channel: 'sms',
    alertShare: PHONE_SHARE,
    async setUp(b, { userIds }) {
      const { hooks, receiver } = await hookReceiver({
        status: 201,
        contentType: 'application/json',
        body: '{"id":"bench","state":"Pending"}',
      });
      await configureProvider(b, 'sms_gateway', {
        url: hooks.url('/message'),
        method: 'POST',
        content_type: 'application/json',
        body_template: '{"phoneNumbers": ["{{to}}"], "textMessage": {"text": "{{text}}"}}',
        secret_headers: JSON.stringify({ Authorization: `Basic ${Buffer.from('sms:bench-gateway').toString('base64')}` }),
      });
      await methodsFor(b, userIds, { kind: 'sms', target: phone(3) });
      return {
        received: receiver.received,
        async stop() {
          await removeProvider(b, 'sms_gateway');
          await receiver.stop();
        },
      };
    },
  },
];
