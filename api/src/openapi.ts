import swagger, { type SwaggerTransform } from '@fastify/swagger';
import type { FastifyInstance } from 'fastify';

type Json = unknown;

/**
 * Replaces every schema that has a `title` by a `$ref` to a component of that name, so the
 * document (and the types generated from it) names UserPublic, AlertPublic and so on once.
 */
export function extractComponents(document: Record<string, Json>): Record<string, Json> {
  const components: Record<string, Json> = {};
  const visit = (node: Json, isRoot: boolean): Json => {
    if (Array.isArray(node)) return node.map((n) => visit(n, false));
    if (node === null || typeof node !== 'object') return node;
    const obj = node as Record<string, Json>;
    const copy: Record<string, Json> = {};
    for (const [key, value] of Object.entries(obj)) copy[key] = visit(value, false);
    const title = obj.title;
    if (!isRoot && typeof title === 'string' && ('type' in obj || 'anyOf' in obj || 'enum' in obj)) {
      components[title] = copy;
      return { $ref: `#/components/schemas/${title}` };
    }
    return copy;
  };
  const paths = visit(document.paths, false);
  const existing = (document.components as Record<string, Json> | undefined) ?? {};
  const previous = (existing.schemas as Record<string, Json> | undefined) ?? {};
  return {
    ...document,
    paths,
    components: { ...existing, schemas: { ...previous, ...sortKeys(components) } },
  };
}

function sortKeys(obj: Record<string, Json>): Record<string, Json> {
  return Object.fromEntries(Object.entries(obj).sort(([a], [b]) => a.localeCompare(b)));
}

/**
 * Registers the document. `securitySchemes` and `transform` (each route's schema, as
 * @fastify/swagger's option) come from the features that add a credential: API tokens.
 */
export async function registerOpenapi(
  app: FastifyInstance,
  version: string,
  extra: { securitySchemes?: Record<string, Json>; transform?: SwaggerTransform } = {},
): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'Vigil',
        description: 'Alert-management API: alerts, integrations, users and the public alert actions.',
        version,
      },
      components: {
        securitySchemes: {
          OAuth2PasswordBearer: {
            type: 'oauth2',
            flows: { password: { tokenUrl: '/api/v1/login/access-token', scopes: {} } },
          },
          ...(extra.securitySchemes as Record<string, never>),
        },
      },
    },
    ...(extra.transform && { transform: extra.transform }),
    transformObject: (documentObject) =>
      extractComponents((documentObject as unknown as { openapiObject: Record<string, Json> }).openapiObject) as never,
  });
}
