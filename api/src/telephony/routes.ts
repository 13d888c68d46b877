import { createHash, timingSafeEqual } from 'node:crypto';
import formbody from '@fastify/formbody';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
// Only the signature check of the official library: the full client is not needed (twilioClient.ts is one POST).
import { validateRequest } from 'twilio/lib/webhooks/webhooks.js';
import type { AlertActionDeps } from '../alerts/alertActions.js';
import { e164Of } from '../contactMethods/phoneNumbers.js';
import { HttpError } from '../errors.js';
import type { ProviderStore } from '../providers/store.js';
import { notificationOfCallToken } from './callTokens.js';
import { sendGatewaySms } from './gatewayClient.js';
import { callUrl } from './phoneMessages.js';
import { answerSmsReply, StrangerAnswers } from './phoneReplies.js';
import { smsAnswer } from './phoneTexts.js';
import { twilioAccountOf } from './twilioClient.js';
import { answerVoiceKey, renderAlertCall } from './voiceCalls.js';

export const BAD_SIGNATURE = 'The request is not signed by the configured Twilio account';
export const BAD_GATEWAY_SECRET = 'The request does not carry the SMS gateway inbound secret';
export const CALL_LINK_INVALID = 'This call link is not valid';
export const GATEWAY_SECRET_HEADER = 'x-vigil-gateway-secret';
export const WEBHOOK_BODY_LIMIT = 64 * 1024;

export interface TelephonyRouteDeps extends AlertActionDeps {
  providers: ProviderStore;
}

type Fields = Record<string, unknown>;

const fieldsOf = (body: unknown): Fields => (typeof body === 'object' && body !== null && !Array.isArray(body) ? (body as Fields) : {});
const textOf = (value: unknown) => (typeof value === 'string' ? value : '');

/** A value at a dotted path of a JSON body ("payload.phoneNumber"), as text. */
function fieldAt(body: Fields, path: string): string {
  let value: unknown = body;
  for (const key of path.split('.')) value = typeof value === 'object' && value !== null ? (value as Fields)[key] : undefined;
  return textOf(value);
}

const digest = (text: string) => createHash('sha256').update(text).digest();

const sendTwiml = (reply: FastifyReply, xml: string) => reply.header('content-type', 'text/xml; charset=utf-8').send(xml);

/**
 * /api/v1/telephony: what Twilio and an SMS gateway call back (docs/oncall/channels/sms-and-voice.md):
 * replies by SMS, an alert call's TwiML and its key presses. Every Twilio request must carry a
 * valid X-Twilio-Signature over the public URL (FRONTEND_HOST + the path) and its form fields;
 * the gateway's, the shared inbound secret. Anything else is a 403 and changes nothing. Not in
 * the OpenAPI document: providers call them, not API clients.
 */
export async function telephonyRoutes(app: FastifyInstance, deps: TelephonyRouteDeps): Promise<void> {
  // Twilio posts forms; registered in this scope only (every other route takes JSON).
  await app.register(formbody);
  // A reply is a few fields: a provider's webhook body is bounded well below the API's default.
  const hidden = { schema: { hide: true }, bodyLimit: WEBHOOK_BODY_LIMIT };
  const strangers = new StrangerAnswers();

  const requireTwilio = async (request: FastifyRequest) => {
    const settings = await deps.providers.read('twilio');
    const signature = request.headers['x-twilio-signature'];
    const token = settings ? twilioAccountOf(settings).webhookToken : '';
    // The URL Twilio was given: the public origin, as FRONTEND_HOST says, and the path and query it called.
    const url = `${deps.config.frontendHost}${request.url}`;
    if (!token || typeof signature !== 'string' || !validateRequest(token, signature, url, fieldsOf(request.body))) {
      throw new HttpError(403, BAD_SIGNATURE);
    }
  };

  app.post('/twilio/sms', { ...hidden, preHandler: requireTwilio }, async (request, reply) => {
    const body = fieldsOf(request.body);
    const answer = await answerSmsReply(deps, strangers, textOf(body.From), textOf(body.Body));
    return sendTwiml(reply, smsAnswer(answer));
  });

  const notificationOf = (params: unknown) => {
    const id = notificationOfCallToken(deps.config.secretKey, textOf((params as Fields).token), deps.now());
    if (!id) throw new HttpError(403, CALL_LINK_INVALID);
    return id;
  };

  app.post('/twilio/voice/:token', { ...hidden, preHandler: requireTwilio }, async (request, reply) => {
    const token = textOf((request.params as Fields).token);
    const action = `${callUrl(deps.config, token)}/key`;
    return sendTwiml(reply, await renderAlertCall(deps, notificationOf(request.params), action));
  });

  app.post('/twilio/voice/:token/key', { ...hidden, preHandler: requireTwilio }, async (request, reply) => {
    const token = textOf((request.params as Fields).token);
    const digits = textOf(fieldsOf(request.body).Digits);
    return sendTwiml(reply, await answerVoiceKey(deps, notificationOf(request.params), digits, callUrl(deps.config, token)));
  });

  app.post('/gateway/inbound', hidden, async (request, reply) => {
    const settings = await deps.providers.read('sms_gateway');
    const secret = settings?.secrets.inbound_secret ?? '';
    const given = textOf(request.headers[GATEWAY_SECRET_HEADER]) || textOf(fieldsOf(request.query).secret);
    // Compared as digests: constant time whatever the lengths.
    if (!secret || !timingSafeEqual(digest(given), digest(secret))) {
      throw new HttpError(403, BAD_GATEWAY_SECRET);
    }
    const body = fieldsOf(request.body);
    // Some providers (Vonage) send the number without its +.
    const sender = fieldAt(body, String(settings?.config.inbound_from_field ?? 'from')).trim();
    const from = /^[1-9][0-9]{7,14}$/.test(sender) ? `+${sender}` : sender;
    const text = fieldAt(body, String(settings?.config.inbound_text_field ?? 'text'));
    const answer = await answerSmsReply(deps, strangers, from, text);
    // A gateway does not send what its webhook answers: the reply goes back as an SMS of its own,
    // once (a failure is logged, not retried: the person can send again).
    const phone = e164Of(from);
    if (answer && phone && settings) {
      await sendGatewaySms(settings, phone, answer).catch((err: Error) =>
        request.log.warn({ err: { message: err.message } }, 'the answer to an SMS reply could not be sent'),
      );
    }
    return reply.send({ reply: answer });
  });
}
