import { describe, expect, it } from 'vitest';
import { formatDuration } from './formatDuration';

describe('formatDuration', () => {
  it.each([
    [0, '0 s'],
    [0.4, '0 s'],
    [45, '45 s'],
    [60, '1 min'],
    [252, '4 min 12 s'],
    [3_600, '1 h'],
    [11_100, '3 h 5 min'],
    [11_159, '3 h 5 min'],
    [86_400 * 2 + 3_600 * 4 + 59, '2 d 4 h'],
    [86_400 + 30, '1 d'],
  ])('%d s reads "%s"', (seconds, text) => {
    expect(formatDuration(seconds)).toBe(text);
  });

  it.each([null, undefined, Number.NaN, -5])('%s reads as a dash', (value) => {
    expect(formatDuration(value)).toBe('—');
  });
});
