import { describe, expect, it } from 'vitest';
import { ApiError } from './errors';
import { fieldErrors } from './fieldErrors';

const unprocessable = (detail: unknown) => new ApiError('/api/v1/escalation-policies/', 422, 'Validation Error', { detail }, undefined);

describe('fieldErrors', () => {
  it("places a 422's items at their fields, a target list's item index dropped", () => {
    const errors = fieldErrors(
      unprocessable([
        { loc: ['body', 'levels', 0, 'targets', 'user_ids', 1], msg: 'Value error, no user with this id', type: 'value_error' },
        { loc: ['body', 'levels', 1, 'delay_minutes'], msg: 'Input should be less than or equal to 10080', type: 'less_than_equal' },
        { loc: ['body', 'name'], msg: 'Field required', type: 'missing' },
        { loc: ['body', 'rules', 2, 'contact_method_id'], msg: 'no contact method of yours has this id', type: 'value_error' },
      ]),
    );
    expect(errors).toEqual({
      'levels.0.targets.user_ids': 'Value error, no user with this id',
      'levels.1.delay_minutes': 'Input should be less than or equal to 10080',
      name: 'Field required',
      'rules.2.contact_method_id': 'no contact method of yours has this id',
    });
  });

  it('keeps the first message of a field', () => {
    const errors = fieldErrors(
      unprocessable([
        { loc: ['body', 'levels', 0, 'targets', 'emails', 0], msg: 'first', type: 'value_error' },
        { loc: ['body', 'levels', 0, 'targets', 'emails', 3], msg: 'second', type: 'value_error' },
      ]),
    );
    expect(errors).toEqual({ 'levels.0.targets.emails': 'first' });
  });

  it('places nothing for an item about the whole body, so the form shows it as a toast', () => {
    const cap = [{ loc: ['body'], msg: 'A user has at most 100 escalation policies', type: 'value_error' }];
    expect(fieldErrors(unprocessable(cap))).toEqual({});
  });

  it("places nothing for another status, a string detail, or an error that is not the API's", () => {
    expect(fieldErrors(new ApiError('/x', 409, 'Conflict', { detail: 'in use' }, undefined))).toEqual({});
    expect(fieldErrors(unprocessable('Validation failed'))).toEqual({});
    expect(fieldErrors(new Error('boom'))).toEqual({});
  });
});
