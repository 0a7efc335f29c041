import { describe, expect, it } from 'vitest';
import { pageSize, wholePagesOf } from '../../../../bench/fast/wholePagesOf';

describe('wholePagesOf', () => {
  it('rounds each file up to whole pages, an empty file taking none', () => {
    expect(wholePagesOf([0, 1, 4096, 4097, 40_000], 4096)).toBe(0 + 4096 + 4096 + 8192 + 40_960);
  });

  it('sums nothing for no files', () => {
    expect(wholePagesOf([], 4096)).toBe(0);
  });

  it('reads the page size of this machine as a positive power of two', () => {
    const size = pageSize();
    expect(size).toBeGreaterThan(0);
    expect(size & (size - 1)).toBe(0);
  });
});
