import { describe, expect, it } from 'vitest';
import { FEDERATION_RUNTIME, findMismatches, incompatibilityMessage, libraryOf, runtimeRequirement } from './compatibility';

/** What a console built today provides (the shell's share scope). */
const PROVIDED = {
  react: '19.3.1',
  'react/jsx-runtime': '19.3.1',
  'react-dom': '19.3.1',
  'react-dom/client': '19.3.1',
  '@griffel/react': '1.7.8',
  '@vigil/shared/api/api': '1.3.0',
  '@vigil/shared/api/errors': '1.3.0',
  '@vigil/shared/theme/themeAtom': '1.3.0',
};

/** A remote built against `shared` and React at these ranges (its manifest's requiredVersion of each key). */
const builtAgainst = (shared: string, react = '^19.3.1') => [
  { key: 'react', range: react },
  { key: 'react/jsx-runtime', range: react },
  { key: '@griffel/react', range: '^1.7.8' },
  { key: '@vigil/shared/api/api', range: shared },
  { key: '@vigil/shared/api/errors', range: shared },
  { key: '@vigil/shared/theme/themeAtom', range: shared },
];

describe('libraryOf', () => {
  it('names shared, scoped and sub-path keys by their library', () => {
    expect(libraryOf('@vigil/shared/api/api')).toBe('shared');
    expect(libraryOf('react-dom/client')).toBe('react-dom');
    expect(libraryOf('react')).toBe('react');
    expect(libraryOf('@griffel/react')).toBe('@griffel/react');
    expect(libraryOf('@fluentui/react-theme/sub')).toBe('@fluentui/react-theme');
  });
});

describe('findMismatches', () => {
  it('accepts a remote built against the same or an older minor of everything', () => {
    expect(findMismatches(builtAgainst('^1.3.0'), PROVIDED)).toEqual([]);
    expect(findMismatches(builtAgainst('^1.1.0', '^19.0.0'), PROVIDED)).toEqual([]);
    expect(findMismatches(builtAgainst('~1.3.0 || ^2.0.0'), PROVIDED)).toEqual([]);
  });

  it('refuses a remote built against a newer major or minor, once per library', () => {
    expect(findMismatches(builtAgainst('^2.0.0'), PROVIDED)).toEqual([
      { library: 'shared', key: '@vigil/shared/api/api', range: '^2.0.0', provided: '1.3.0' },
    ]);
    expect(findMismatches(builtAgainst('^1.4.0'), PROVIDED)).toHaveLength(1);
    expect(findMismatches(builtAgainst('^1.3.0', '^19.4.0'), PROVIDED)).toEqual([
      { library: 'react', key: 'react', range: '^19.4.0', provided: '19.3.1' },
    ]);
  });

  it('follows semver for 0.x: ^0.1.0 does not accept 0.2.0', () => {
    const provided = { '@vigil/shared/api/api': '0.2.0' };
    expect(findMismatches([{ key: '@vigil/shared/api/api', range: '^0.1.0' }], provided)).toHaveLength(1);
    expect(findMismatches([{ key: '@vigil/shared/api/api', range: '^0.2.0' }], provided)).toEqual([]);
  });

  it('refuses a module of a shared library the console lacks, and lets a remote bring a library the console does not share', () => {
    expect(findMismatches([{ key: '@vigil/shared/api/newModule', range: '^1.3.0' }], PROVIDED)).toEqual([
      { library: 'shared', key: '@vigil/shared/api/newModule', range: '^1.3.0', provided: null },
    ]);
    expect(findMismatches([{ key: 'zustand', range: '^5.0.0' }], PROVIDED)).toEqual([]);
  });
});

describe('incompatibilityMessage', () => {
  it('says which part, its version, what it needs and what the console provides', () => {
    expect(incompatibilityMessage('Alerts', '2.0.0', findMismatches(builtAgainst('^2.0.0'), PROVIDED))).toBe(
      'This part of the console (Alerts 2.0.0) needs shared ^2.0.0 but the console provides 1.3.0.',
    );
  });

  it('lists every mismatch', () => {
    const mismatches = findMismatches(
      [...builtAgainst('^2.0.0', '^20.0.0'), { key: '@vigil/shared/api/newModule', range: '^2.0.0' }],
      PROVIDED,
    );
    expect(incompatibilityMessage('Admin', '3.1.0', mismatches)).toBe(
      'This part of the console (Admin 3.1.0) needs react ^20.0.0 but the console provides 19.3.1, ' +
        'shared ^2.0.0 but the console provides 1.3.0 and @vigil/shared/api/newModule ^2.0.0, which the console does not provide.',
    );
  });
});

describe('the federation runtime the remotes share', () => {
  const console292 = { ...PROVIDED, [FEDERATION_RUNTIME]: '2.9.2' };
  const builtBy = (pluginVersion: unknown) => [...builtAgainst('^1.3.0'), runtimeRequirement(pluginVersion)];

  it("needs the shell's runtime in the minor line that built the remote", () => {
    expect(runtimeRequirement('2.9.2')).toEqual({ key: FEDERATION_RUNTIME, range: '~2.9.0' });
    expect(findMismatches(builtBy('2.9.2'), console292)).toEqual([]);
    expect(findMismatches(builtBy('2.9.0'), console292)).toEqual([]);
    expect(findMismatches(builtBy('2.9.7'), console292), 'a patch release talks to the same runtime').toEqual([]);
  });

  it('refuses a remote built by another minor or major of the runtime, saying so', () => {
    for (const other of ['2.10.0', '2.8.4', '3.0.0']) {
      expect(findMismatches(builtBy(other), console292), other).toHaveLength(1);
    }
    expect(incompatibilityMessage('Alerts', '1.4.0', findMismatches(builtBy('2.10.1'), console292))).toBe(
      'This part of the console (Alerts 1.4.0) needs @module-federation/runtime ~2.10.0 but the console provides 2.9.2.',
    );
  });

  it('refuses a manifest that does not say which runtime built it', () => {
    for (const missing of [undefined, '', 'next', 2]) expect(findMismatches(builtBy(missing), console292)).toHaveLength(1);
  });
});
