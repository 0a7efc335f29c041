import { describe, expect, it } from 'vitest';
import { objectKey } from '../../../shared/field/objectKey';

describe('objectKey', () => {
  it.each([
    ['site/2026-06-12', 'a/b.wav', 'site/2026-06-12/a/b.wav'],
    ['site/2026-06-12/', 'a/b.wav', 'site/2026-06-12/a/b.wav'],
    ['/site//night/', '/a//b.wav', 'site/night/a/b.wav'],
    ['', 'a/b.WAV', 'a/b.WAV'],
    ['p', 'dir\\file.wav', 'p/dir/file.wav'],
    ['p', './x.wav', 'p/x.wav'],
    ['Sao\u0302ne', 'e\u0301.wav', 'Sa\u00f4ne/\u00e9.wav'],
  ])('objectKey(%j, %j) = %j', (prefix, rel, key) => {
    expect(objectKey(prefix, rel)).toBe(key);
  });

  it('throws on a dot-dot segment, a control character or an empty key', () => {
    expect(() => objectKey('a/../b', 'x.wav')).toThrow(RangeError);
    expect(() => objectKey('a\u0007', 'x.wav')).toThrow(/control character/);
    expect(() => objectKey('', '')).toThrow(/empty/);
  });
});
