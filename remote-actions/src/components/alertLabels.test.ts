import { ERROR_TITLE } from '@vigil/shared';
import { describe, expect, it } from 'vitest';
import { ACTION_REFUSED_TITLE } from './alertLabels';

describe('the action page’s texts', () => {
  it('titles a refused form post as the error toast is titled (docs/product.md §8)', () => {
    expect(ACTION_REFUSED_TITLE).toBe(ERROR_TITLE);
  });
});
