import { describe, expect, it } from 'vitest';
import { loginReturningTo, safeNextPath } from './nextPath';

describe('safeNextPath', () => {
  it('keeps a path of this console, with its query', () => {
    expect(safeNextPath('/invite?token=abc')).toBe('/invite?token=abc');
    expect(safeNextPath('/teams')).toBe('/teams');
  });

  it('sends anything else to /', () => {
    for (const next of [
      null,
      undefined,
      '',
      'teams',
      'https://evil.test/',
      '//evil.test/',
      '/\\evil.test',
      '/\t/evil.test',
      'javascript:alert(1)',
    ])
      expect(safeNextPath(next), String(next)).toBe('/');
  });

  it('round-trips through the login link', () => {
    const link = new URL(loginReturningTo('/invite?token=a_b-c'), 'http://vigil.test');
    expect(link.pathname).toBe('/login');
    expect(safeNextPath(link.searchParams.get('next'))).toBe('/invite?token=a_b-c');
  });
});
