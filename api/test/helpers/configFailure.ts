import { expect } from 'vitest';
import { ConfigError, parseConfig } from '../../src/config.js';

/** The one-line message start-up stops with for this environment (a test fails if it starts). */
export function configFailure(env: Record<string, string>): string {
  try {
    parseConfig(env);
  } catch (error) {
    expect(error).toBeInstanceOf(ConfigError);
    return (error as ConfigError).message;
  }
  throw new Error('expected a ConfigError');
}
