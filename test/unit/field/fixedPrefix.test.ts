import { describe, expect, it } from 'vitest';
import { fixedPrefix } from '../../../shared/field/fixedPrefix';

describe('fixedPrefix', () => {
  it.each([
    ['vol42/{night}', 'vol42/'],
    ['vol42/{night}/', 'vol42/'],
    ['programme/vol42/{site}/{night}', 'programme/vol42/'],
    ['vol42/n{night}', 'vol42/n'],
    ['{night}', ''],
    ['', ''],
    ['/vol42//{night}', 'vol42/'],
    ['vol42/night1', 'vol42/night1/'],
    ['vol42/night1/', 'vol42/night1/'],
    ['a{{b}}/{night}', 'a{b}/'],
  ])('%j -> %j', (template, expected) => {
    expect(fixedPrefix(template)).toBe(expected);
  });
});
