import { describe, expect, it } from 'vitest';
import { requiredGroups } from '../../../shared/text/requiredGroups';

describe('requiredGroups', () => {
  it('gives groups 1..count in order', () => {
    const m = /(\d{4})-(\d{2})-(\d{2})/.exec('on 2026-06-12 at dusk');
    expect(m).not.toBeNull();
    if (m === null) return;
    expect(requiredGroups(m, 3)).toEqual(['2026', '06', '12']);
    expect(requiredGroups(m, 1)).toEqual(['2026']);
  });

  it('names the group a pattern left out, instead of reading it as text', () => {
    const m = /(a)(b)?/.exec('a');
    expect(m).not.toBeNull();
    if (m === null) return;
    expect(requiredGroups(m, 1)).toEqual(['a']);
    expect(() => requiredGroups(m, 2)).toThrow(/group 2 of a match in "a" is optional/);
  });
});
