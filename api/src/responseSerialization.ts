import { SerializerSelector } from '@fastify/fast-json-stringify-compiler';
import type { FastifyServerOptions } from 'fastify';

type SerializerFactory = NonNullable<
  NonNullable<NonNullable<FastifyServerOptions['schemaController']>['compilersFactory']>['buildSerializer']
>;
type Serialize = (data: unknown) => string;

/**
 * Fastify's `schemaController.compilersFactory.buildSerializer`: its own fast-json-stringify
 * compiler, with each response schema's function kept for the process. fast-json-stringify's
 * output depends only on the schema, the external schemas and the options, so an app built
 * again in the same process (test apps by the dozen) reuses it instead of generating and
 * evaluating the code again: about a tenth of a test app's start.
 */
const compile = SerializerSelector();
const compiled = new WeakMap<object, Map<string, Serialize>>();

export const buildSerializers: SerializerFactory = (externalSchemas, serializerOpts) => {
  const build = compile(externalSchemas, serializerOpts);
  const key = JSON.stringify([externalSchemas ?? null, serializerOpts ?? null]);
  return (route) => {
    const schema = route.schema as object;
    let bySettings = compiled.get(schema);
    if (!bySettings) {
      bySettings = new Map();
      compiled.set(schema, bySettings);
    }
    let serialize = bySettings.get(key);
    if (!serialize) {
      serialize = build(route) as Serialize;
      bySettings.set(key, serialize);
    }
    return serialize;
  };
};
