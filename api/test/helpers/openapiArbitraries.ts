import fc from 'fast-check';

/**
 * fast-check generators read from the API's own OpenAPI document: a value that fits a schema,
 * and the hostile variants of it an attacker sends (extra properties, wrong types, NUL, huge
 * numbers, deep nesting, oversized strings). Used by openapiFuzz.test.ts.
 */
export type Schema = Record<string, any>;
export type OpenApiDoc = { paths: Record<string, Record<string, any>>; components: { schemas: Record<string, Schema> } };

/** Fixture values the generators draw ids and addresses from, so valid-looking calls reach real rows. */
export interface Fixtures {
  uuids: string[];
  emails: string[];
}

export const resolve = (doc: OpenApiDoc, schema: Schema): Schema =>
  typeof schema?.$ref === 'string' ? resolve(doc, doc.components.schemas[schema.$ref.split('/').pop() as string] ?? {}) : schema;

/** What a privilege escalation would set: fields of the admin's edit and columns of the rows. */
export const PRIVILEGED_VALUES: [string, unknown][] = [
  ['is_superuser', true],
  ['is_active', false],
  ['password', 'chosen-password-1'],
  ['hashed_password', 'x'],
  ['token_version', 99],
  ['owner_id', '00000000-0000-4000-8000-000000000000'],
  ['id', '00000000-0000-4000-8000-000000000000'],
];
const PRIVILEGED_FIELDS = PRIVILEGED_VALUES.map(([name]) => name);

const nested = (depth: number): unknown => {
  let value: unknown = 'bottom';
  for (let i = 0; i < depth; i++) value = i % 2 ? [value] : { a: value };
  return value;
};

/** A value no schema expects: the hostile half of every generated call. */
export const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom('\u0000', 'a\u0000b', '%00', '\u0000'.repeat(3)),
  fc.string({ maxLength: 8 }).map((s) => `${s}\u0000${s}`),
  fc.constantFrom(1e308, -1e308, 2 ** 53 + 1, 2 ** 63, -(2 ** 63), 1e20, 0.5, -1, 0, 12345),
  fc.integer({ min: 50, max: 1500 }).map(nested),
  fc.integer({ min: 5_000, max: 200_000 }).map((n) => 'x'.repeat(n)),
  fc.constantFrom(true, false, null, [], {}, '', ' ', '12345', 'true'),
  fc.jsonValue({ maxDepth: 3 }),
);

const emailArb = (f: Fixtures) =>
  fc.oneof(
    fc.constantFrom(...f.emails),
    fc.tuple(fc.stringMatching(/^[a-z0-9]{1,12}$/), fc.constantFrom('example.com', 'example.org')).map(([a, d]) => `${a}@${d}`),
  );

/** A value that fits `schema` (bounded in size, so runs stay fast). */
export function validValue(doc: OpenApiDoc, raw: Schema, f: Fixtures, depth = 0): fc.Arbitrary<unknown> {
  const schema = resolve(doc, raw);
  if (schema.anyOf) return fc.oneof(...schema.anyOf.map((s: Schema) => validValue(doc, s, f, depth + 1)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  // Values only the service can check (a time zone): the documented examples reach past it.
  if (Array.isArray(schema.examples) && schema.examples.length > 0) return fc.constantFrom(...schema.examples);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (Array.isArray(schema.type)) return fc.oneof(...schema.type.map((type: string) => validValue(doc, { ...schema, type }, f, depth)));
  switch (schema.type) {
    case 'null':
      return fc.constant(null);
    case 'boolean':
      return fc.boolean();
    case 'integer':
      return fc.integer({ min: schema.minimum ?? -1000, max: schema.maximum ?? 100_000 });
    case 'number':
      return fc.double({ min: schema.minimum ?? -1000, max: schema.maximum ?? 100_000, noNaN: true });
    case 'string': {
      if (schema.format === 'email') return emailArb(f);
      if (schema.format === 'uuid') return fc.oneof(fc.constantFrom(...f.uuids), fc.uuid());
      if (schema.pattern === '^password$') return fc.constant('password');
      if (schema.format === 'date-time')
        return fc.date({ min: new Date('2020-01-01'), max: new Date('2030-01-01'), noInvalidDate: true }).map((d) => d.toISOString());
      if (schema.pattern) return fc.stringMatching(new RegExp(schema.pattern));
      const minLength = schema.minLength ?? 0;
      return fc.string({ minLength, maxLength: Math.min(schema.maxLength ?? 40, minLength + 40) });
    }
    case 'array': {
      const item = validValue(doc, schema.items ?? {}, f, depth + 1);
      const constraints = { minLength: schema.minItems ?? 0, maxLength: Math.min(schema.maxItems ?? 3, (schema.minItems ?? 0) + 3) };
      return schema.uniqueItems
        ? fc.uniqueArray(item, { ...constraints, selector: (v) => JSON.stringify(v) })
        : fc.array(item, constraints);
    }
    case 'object': {
      const properties: Record<string, Schema> = schema.properties ?? {};
      const record = Object.fromEntries(Object.entries(properties).map(([k, s]) => [k, validValue(doc, s, f, depth + 1)]));
      const base = fc.record(record, { requiredKeys: schema.required ?? [] });
      if (!schema.additionalProperties || typeof schema.additionalProperties !== 'object' || depth > 3) return base;
      const extra = fc.dictionary(fc.string({ minLength: 1, maxLength: 10 }), validValue(doc, schema.additionalProperties, f, depth + 1), {
        maxKeys: 3,
      });
      return fc.tuple(base, extra).map(([b, e]) => ({ ...e, ...b }));
    }
    default:
      return fc.jsonValue({ maxDepth: 2 });
  }
}

/** One hostile change to a valid body: an extra (often privileged) field, a field of the wrong type, or a body that is no object at all. */
export function hostileBody(valid: fc.Arbitrary<unknown>): fc.Arbitrary<unknown> {
  const fieldName: fc.Arbitrary<string> = fc.oneof(
    fc.constantFrom(...PRIVILEGED_FIELDS, '__proto__', 'constructor'),
    fc.string({ minLength: 1, maxLength: 12 }),
  );
  const extraField = fc
    .tuple(valid, fieldName, fc.oneof(fc.constant(true), fc.constant(false), hostileValue))
    .map(([b, k, v]) => (b && typeof b === 'object' && !Array.isArray(b) ? JSON.parse(JSON.stringify({ ...b, [k]: v })) : b));
  const wrongField = fc.tuple(valid, fc.nat(), hostileValue).map(([b, i, v]) => {
    if (!b || typeof b !== 'object' || Array.isArray(b)) return v;
    const keys = Object.keys(b);
    return keys.length === 0 ? v : { ...b, [keys[i % keys.length] as string]: v };
  });
  // Often the attack itself: a body the route accepts plus one field only an administrator may set.
  const privileged = fc
    .tuple(valid, fc.constantFrom(...PRIVILEGED_VALUES))
    .map(([b, [k, v]]) => (b && typeof b === 'object' && !Array.isArray(b) ? { ...b, [k]: v } : b));
  return fc.oneof(
    { weight: 2, arbitrary: privileged },
    { weight: 2, arbitrary: extraField },
    { weight: 2, arbitrary: wrongField },
    hostileValue,
  );
}

/** What a query parameter is sent as: its raw (undecoded) text. */
export function queryValue(doc: OpenApiDoc, raw: Schema, f: Fixtures): fc.Arbitrary<string> {
  const schema = resolve(doc, raw);
  const fitting = validValue(doc, schema.type === 'array' ? resolve(doc, schema.items) : schema, f).map((v) => String(v));
  const hostile = fc.oneof(
    fc.constantFrom('\u0000', 'a\u0000', '-1', '1e400', '99999999999999999999999', '9223372036854775808', '1.5', 'abc', '', ' ', '[]'),
    fc.constantFrom(10_001, 100_000_000, 2 ** 31, 2 ** 53).map(String),
    fc.integer({ min: 1000, max: 10_000 }).map((n) => 'q'.repeat(n)),
  );
  return fc.oneof(fitting, hostile);
}
