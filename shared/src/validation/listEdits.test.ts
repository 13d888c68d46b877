import { describe, expect, it } from 'vitest';
import { moveItem, removeItem, replaceItem } from './listEdits';

describe('list edits', () => {
  const list = Object.freeze(['a', 'b', 'c']) as readonly string[];

  it('moves an item up or down, and nowhere past either end', () => {
    expect(moveItem(list, 2, -1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(list, 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(list, 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(list, 2, 1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(list, 3, -1)).toEqual(['a', 'b', 'c']);
  });

  it('replaces and removes the item at an index', () => {
    expect(replaceItem(list, 1, 'B')).toEqual(['a', 'B', 'c']);
    expect(removeItem(list, 0)).toEqual(['b', 'c']);
    expect(list).toEqual(['a', 'b', 'c']);
  });
});
