import type { TSchema } from 'typebox';
import { Value } from 'typebox/value';
import { findNul } from '../../requestValidation.js';
import { ImportFailure } from '../model.js';

/**
 * Holds what the importer is about to write to the API's own request schema (the body the
 * console would send for it): an object the API would refuse is refused here, naming the
 * field, before anything is written. The services' further checks run in the writers.
 */
export function checkBody(schema: TSchema, body: unknown, what = ''): void {
  const nul = findNul(body);
  if (nul !== null) throw new ImportFailure(`${what}${nul}: holds a NUL character`);
  if (Value.Check(schema, body)) return;
  const first = Value.Errors(schema, body)[0];
  throw new ImportFailure(`${what}${first?.instancePath || 'it'}: ${first?.message ?? 'not what Vigil takes'}`);
}
