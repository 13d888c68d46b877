import type { FastifyReply } from 'fastify';

/**
 * The bytes of answers that several requests share. A coalesced read (common/readCoalescing.ts)
 * hands the same page object to every request of its round; serializing it once, with the
 * route's own 200 serializer, and sending the bytes spares each of them the JSON work and the
 * UTF-8 length count, a seventh of a list request's CPU (docs/decisions/0016). Keyed weakly by
 * the object: the bytes go when the round's page does.
 */
const serialized = new WeakMap<object, Buffer>();

/** `share` false: Fastify serializes the page for this request alone (the benchmark's comparison, common/hotPath.ts). */
export function sendSharedAnswer(reply: FastifyReply, page: object, share = true): FastifyReply {
  if (!share) return reply.send(page);
  let body = serialized.get(page);
  if (!body) {
    const serialize = reply.getSerializationFunction('200');
    if (!serialize) throw new Error(`${reply.request.routeOptions.url}: no 200 response schema to serialize a shared answer with`);
    body = Buffer.from(serialize(page as Record<string, unknown>));
    serialized.set(page, body);
  }
  return reply.type('application/json; charset=utf-8').send(body);
}
