import { type Static, Type } from 'typebox';

/**
 * Schemas used by several features. A `title` names an OpenAPI component: the document
 * builder (openapi.ts) turns every titled schema into a `$ref`, so the console's generated
 * types get the same names.
 */
export const Message = Type.Object({ message: Type.String() }, { title: 'Message' });

export const HttpErrorBody = Type.Object({ detail: Type.String() }, { title: 'HTTPError' });

export const ValidationErrorBody = Type.Object(
  {
    detail: Type.Array(
      Type.Object(
        {
          loc: Type.Array(Type.Union([Type.String(), Type.Integer()])),
          msg: Type.String(),
          type: Type.String(),
        },
        { title: 'ValidationError' },
      ),
    ),
  },
  { title: 'HTTPValidationError' },
);

export const MAX_PAGE_SIZE = 100;

/**
 * The deepest page a list reads: PostgreSQL walks every skipped row, so an unbounded `skip` is
 * a cheap way to make it work hard (and past 2^63 an error). Deeper than this: narrow with filters.
 */
export const MAX_SKIP = 100_000;
/** A larger `limit` is refused rather than capped: it is no mistake a console makes. */
export const MAX_LIMIT_ASKED = 10_000;

export const PageQuery = Type.Object({
  skip: Type.Optional(Type.Integer({ minimum: 0, maximum: MAX_SKIP, default: 0 })),
  limit: Type.Optional(Type.Integer({ minimum: 1, maximum: MAX_LIMIT_ASKED, default: MAX_PAGE_SIZE })),
});
export type PageQuery = Static<typeof PageQuery>;

/** Lists are capped rather than refused: `limit=1000` answers the first 100. */
export const pageOf = (query: PageQuery) => ({
  offset: query.skip ?? 0,
  limit: Math.min(query.limit ?? MAX_PAGE_SIZE, MAX_PAGE_SIZE),
});

export const Uuid = Type.String({ format: 'uuid' });
export const IdParams = Type.Object({ id: Uuid });

/** Who made a team's thing; null once that user is deleted (the team keeps it). */
export const MakerId = Type.Union([Uuid, Type.Null()], { description: 'Who made it; null once that user is deleted' });
/** The team a thing belongs to (docs/api/teams.md): its members see it, its admins change it. */
export const TeamId = Type.String({ format: 'uuid', description: 'The team it belongs to' });
/** On creation: the team to put it in; optional when the caller may create it in one team only. */
export const NewTeamId = Type.Optional(
  Type.String({ format: 'uuid', description: 'The team it goes to; optional when the caller is in one team where they may create it' }),
);
/** A list's filter by one of the caller's teams. */
export const TeamQuery = Type.Object({ team_id: Type.Optional(Uuid) });

/**
 * The 429 of every rate-limited route: `{"detail": ...}` and Retry-After, the seconds until a new
 * attempt may pass. A response object (not a schema) so the document can name the header.
 */
export const TooManyRequests = {
  description: 'Too many requests: try again after the seconds in Retry-After',
  headers: { 'Retry-After': { type: 'integer', minimum: 1, description: 'Seconds to wait before trying again' } },
  content: { 'application/json': { schema: HttpErrorBody } },
};

/** Standard error answers, so every route documents them the same way. */
export const errorResponses = {
  400: HttpErrorBody,
  401: HttpErrorBody,
  403: HttpErrorBody,
  404: HttpErrorBody,
  409: HttpErrorBody,
  422: ValidationErrorBody,
} as const;

/** The answers of a route limited per client address: the usual errors and 429 past the limit. */
export const limitedErrorResponses = { ...errorResponses, 429: TooManyRequests };

export const OptionalText = (maxLength: number) => Type.Optional(Type.Union([Type.String({ maxLength }), Type.Null()]));
