// The field limits of the API's schemas as a TypeScript module (shared/src/api/limits.ts), written
// by `npm run gen:api` beside the types: the console's form rules read their limits from there,
// never a number typed again by hand.

const LIMIT_KEYWORDS = ['minLength', 'maxLength', 'minimum', 'maximum', 'minItems', 'maxItems'] as const;

interface JsonSchema {
  properties?: Record<string, JsonSchema>;
  anyOf?: JsonSchema[];
  items?: JsonSchema;
  [keyword: string]: unknown;
}

export type FieldLimits = Partial<Record<(typeof LIMIT_KEYWORDS)[number], number>> & { items?: FieldLimits };

/** One field's limits: its own keywords, those of its `anyOf` branches (`string | null`), and its items' (arrays). */
export function fieldLimits(schema: JsonSchema): FieldLimits | undefined {
  const limits: FieldLimits = {};
  for (const branch of [schema, ...(schema.anyOf ?? [])]) {
    for (const keyword of LIMIT_KEYWORDS) if (typeof branch[keyword] === 'number') limits[keyword] = branch[keyword] as number;
    const items = branch.items && fieldLimits(branch.items);
    if (items) limits.items = items;
  }
  return Object.keys(limits).length > 0 ? limits : undefined;
}

/** Every schema with a limited field: schema name → field → limits. */
export function openapiLimits(document: object) {
  const { components } = document as { components?: { schemas?: Record<string, JsonSchema> } };
  const result: Record<string, Record<string, FieldLimits>> = {};
  for (const [name, schema] of Object.entries(components?.schemas ?? {})) {
    const fields = Object.entries(schema.properties ?? {}).flatMap(([field, property]) => {
      const limits = fieldLimits(property);
      return limits ? [[field, limits] as const] : [];
    });
    if (fields.length > 0) result[name] = Object.fromEntries(fields);
  }
  return result;
}

const HEADER = "// Generated from the API's OpenAPI document by `npm run gen:api`. Do not edit.\n\n";

/** The module's text: one line a schema. */
export function limitsModule(document: Parameters<typeof openapiLimits>[0]): string {
  const lines = Object.entries(openapiLimits(document)).map(([name, fields]) => `  ${JSON.stringify(name)}: ${JSON.stringify(fields)},`);
  return `${HEADER}/** The limits of each schema's fields (lengths, bounds, item counts), by schema and field. */\nexport const API_LIMITS = {\n${lines.join('\n')}\n} as const;\n`;
}
