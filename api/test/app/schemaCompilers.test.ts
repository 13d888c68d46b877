import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import Fastify from 'fastify';
import { Type } from 'typebox';
import { describe, expect, it } from 'vitest';
import { buildValidators } from '../../src/requestValidation.js';
import { buildSerializers } from '../../src/responseSerialization.js';

// The compiled validators and serializers are kept per process (requestValidation.ts,
// responseSerialization.ts): an app built again compiles nothing again. The invariant that
// makes that safe: what a kept function does depends only on its schema object, the external
// schemas and the options, all of which are part of what it is kept under.
const Out = Type.Object({ id: Type.String(), count: Type.Integer(), note: Type.Optional(Type.String()) });
const In = Type.Object({ title: Type.String({ minLength: 1 }) }, { additionalProperties: false });

const route = { schema: Out, method: 'GET', url: '/x', httpStatus: '200' };

describe('compiled schemas kept per process', () => {
  it('a serializer is built once per schema and settings, and writes what a fresh compile writes', () => {
    const first = buildSerializers({}, {})(route);
    const again = buildSerializers({}, {})(route);
    expect(again).toBe(first);
    // Other settings are another function: the key holds them.
    expect(buildSerializers({}, { rounding: 'ceil' })(route)).not.toBe(first);
    // An equal but distinct schema object is compiled on its own (kept by identity, never by a
    // guess at equality).
    expect(buildSerializers({}, {})({ ...route, schema: Type.Object({ id: Type.String() }) })).not.toBe(first);
    const value = { id: 'a', count: 3, note: 'n', secret: 'never written' };
    expect(first(value)).toBe((SerializerSelector()({}, {})(route) as (data: unknown) => string)(value));
    expect(JSON.parse(first(value))).toEqual({ id: 'a', count: 3, note: 'n' });
  });

  it('a validator is compiled once per schema across apps, and still refuses what it refused', () => {
    const validate = (factory: ReturnType<typeof buildValidators>) =>
      factory({ schema: In, method: 'POST', url: '/x', httpPart: 'body' }) as ((data: unknown) => boolean) & { errors?: unknown };
    const one = validate(buildValidators({}));
    const two = validate(buildValidators({}));
    expect(one({ title: 'ok' })).toBe(true);
    expect(two({ title: 'ok', extra: 1 })).toBe(false);
    expect(two({ title: 'nul\u0000' })).toBe(false);
    expect(one({ title: '' })).toBe(false);
  });

  it('two apps in one process answer alike, each with its own routes', async () => {
    const build = async (suffix: string) => {
      const app = Fastify({
        schemaController: { compilersFactory: { buildValidator: buildValidators, buildSerializer: buildSerializers } },
      });
      app.post('/x', { schema: { body: In, response: { 200: Out } } }, async (req) => ({
        id: (req.body as { title: string }).title + suffix,
        count: 1,
        hidden: true,
      }));
      await app.ready();
      return app;
    };
    const [a, b] = await Promise.all([build('-a'), build('-b')]);
    try {
      for (const [app, suffix] of [
        [a, '-a'],
        [b, '-b'],
      ] as const) {
        const ok = await app.inject({ method: 'POST', url: '/x', payload: { title: 't' } });
        expect(ok.json()).toEqual({ id: `t${suffix}`, count: 1 });
        expect((await app.inject({ method: 'POST', url: '/x', payload: { title: 't', is_superuser: true } })).statusCode).toBe(400);
      }
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
