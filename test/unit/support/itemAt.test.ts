import { describe, expect, it } from 'vitest';
import { itemAt } from '../../support/itemAt';

describe('itemAt', () => {
  it('gives the item in range, undefined included, and names an index out of range', () => {
    expect(itemAt(['a', 'b'], 1)).toBe('b');
    expect(itemAt([undefined, 1], 0)).toBeUndefined();
    expect(() => itemAt(['a'], 1)).toThrow('expected an item at index 1, there are 1');
    expect(() => itemAt(['a'], -1)).toThrow(/index -1/);
  });
});
