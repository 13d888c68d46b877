/** A search for `text` anywhere in a column (ILIKE): `%` and `_` in it are characters, not wildcards. */
export const likePattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
