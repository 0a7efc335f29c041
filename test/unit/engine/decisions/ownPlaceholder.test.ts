import { describe, expect, it } from 'vitest';
import { isOwnPlaceholder, PLACEHOLDER_KEY } from '../../../../shared/engine/ownPlaceholder';

const NIGHT = 'a'.repeat(32);

describe('isOwnPlaceholder: only this night’s empty reservation may be replaced by its Complete', () => {
  it.each([
    ['this night’s placeholder', 0, { [PLACEHOLDER_KEY]: NIGHT }, true],
    ['another night’s placeholder', 0, { [PLACEHOLDER_KEY]: 'b'.repeat(32) }, false],
    ['an empty object of another writer', 0, {}, false],
    ['our metadata on bytes (never a placeholder)', 10, { [PLACEHOLDER_KEY]: NIGHT }, false],
  ] as const)('%s', (_name, size, metadata, expected) => {
    expect(isOwnPlaceholder({ size, metadata }, NIGHT)).toBe(expected);
  });
});
