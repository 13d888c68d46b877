import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { sendSharedAnswer } from '../../src/common/sharedAnswer.js';

const pageSchema = {
  type: 'object',
  properties: { data: { type: 'array', items: { type: 'object', properties: { id: { type: 'string' } } } }, count: { type: 'integer' } },
};

/** A page that counts how often it is serialized (each serialization reads its count once). */
function countedPage() {
  let serializations = 0;
  const shared = {
    data: [{ id: 'a', secret: 'not in the schema' }],
    get count() {
      serializations += 1;
      return 1;
    },
  };
  return { shared, serializations: () => serializations };
}

describe('shared answers', () => {
  it('serializes a page shared by several requests once, with the route schema, and sends the same bytes to each', async () => {
    const { shared, serializations } = countedPage();
    const app = Fastify();
    app.get('/shared', { schema: { response: { 200: pageSchema } } }, async (_request, reply) => sendSharedAnswer(reply, shared));
    app.get('/plain', { schema: { response: { 200: pageSchema } } }, async () => ({ data: [{ id: 'a', secret: 'x' }], count: 1 }));

    const [first, second] = await Promise.all([app.inject('/shared'), app.inject('/shared')]);
    const plain = await app.inject('/plain');
    expect(serializations()).toBe(1);
    for (const answer of [first, second]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe(plain.headers['content-type']);
      expect(answer.headers['content-length']).toBe(String(Buffer.byteLength(plain.body)));
      // Exactly what the route's own serializer makes: fields outside the schema stay out.
      expect(answer.body).toBe(plain.body);
    }
    expect(JSON.parse(first.body)).toEqual({ data: [{ id: 'a' }], count: 1 });
    await app.close();
  });

  it('refuses a route with no 200 schema rather than sending unfiltered JSON', async () => {
    const app = Fastify();
    app.get('/bare', async (_request, reply) => sendSharedAnswer(reply, { data: [] }));
    const answer = await app.inject('/bare');
    expect(answer.statusCode).toBe(500);
    await app.close();
  });

  it('switched off (the benchmark’s comparison), serializes for each request and sends the same bytes', async () => {
    const { shared, serializations } = countedPage();
    const app = Fastify();
    app.get('/on', { schema: { response: { 200: pageSchema } } }, async (_request, reply) => sendSharedAnswer(reply, shared));
    app.get('/off', { schema: { response: { 200: pageSchema } } }, async (_request, reply) => sendSharedAnswer(reply, shared, false));
    const [first, second] = await Promise.all([app.inject('/off'), app.inject('/off')]);
    expect(serializations()).toBe(2);
    const on = await app.inject('/on');
    for (const answer of [first, second]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['content-type']).toBe(on.headers['content-type']);
      expect(answer.body).toBe(on.body);
    }
    await app.close();
  });
});
