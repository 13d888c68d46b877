import { describe, expect, it } from 'vitest';
import openapi from '../../openapi.json';
import { POLICY_LIMITS } from '../query/escalationPolicies';
import { MESSAGES, PASSWORD_MIN_LENGTH, validatePassword } from '../validation/rules';
import { ALERT_TEXT_LIMITS, INTEGRATION_TEXT_LIMITS } from '../validation/titleDescription';

// The console's form rules read their limits from limits.ts, which `npm run gen:api` writes from
// the same document as shared/openapi.json (api/test/app/openapiTypes.test.ts fails while either is
// stale). Read here straight from the document: a limit the API changes and the console's rules
// do not follow fails.
const schemas = openapi.components.schemas;

describe("the console's field limits are the API's", () => {
  it.each([
    ['AlertCreate', ALERT_TEXT_LIMITS],
    ['IntegrationCreate', INTEGRATION_TEXT_LIMITS],
  ] as const)('%s: title and description', (name, limits) => {
    expect(limits.title.maxLength).toBe(schemas[name].properties.title.maxLength);
    expect(limits.description.maxLength).toBe(schemas[name].properties.description.anyOf[0]?.maxLength);
  });

  it('the password minimum, in every schema that sets a password', () => {
    for (const [name, field] of [
      ['UserCreate', 'password'],
      ['UserUpdate', 'password'],
      ['UserRegister', 'password'],
      ['UpdatePassword', 'new_password'],
      ['NewPassword', 'new_password'],
    ] as const) {
      const properties = schemas[name].properties as Record<string, { minLength?: number }>;
      expect(properties[field]?.minLength, `${name}.${field}`).toBe(PASSWORD_MIN_LENGTH);
    }
    expect(validatePassword('x'.repeat(PASSWORD_MIN_LENGTH - 1))).toBe(MESSAGES.passwordTooShort);
    expect(validatePassword('x'.repeat(PASSWORD_MIN_LENGTH))).toBeUndefined();
  });

  it("the escalation policy: levels, repeat, the timer's top level, delays", () => {
    const policy = schemas.EscalationPolicyCreate.properties;
    const delay = schemas.EscalationLevelInput.properties.delay_minutes;
    expect(POLICY_LIMITS).toEqual({
      levels: policy.levels.maxItems,
      repeat: policy.repeat.maximum,
      maxLevel: policy.max_level.maximum,
      minDelay: delay.minimum,
      maxDelay: delay.maximum,
    });
    expect(POLICY_LIMITS).toEqual({ levels: 10, repeat: 10, maxLevel: 110, minDelay: 1, maxDelay: 10080 });
  });
});
