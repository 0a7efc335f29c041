import { describe, expect, it } from 'vitest';
import { cleanTypedPath } from '../../../electron/app/cleanTypedPath';

describe('a folder path as a volunteer pastes it (issue 31, item 12)', () => {
  it.each([
    ['/media/SD/night', '/media/SD/night'],
    ['  /media/SD/night  ', '/media/SD/night'],
    ["'/media/SD/my night'", '/media/SD/my night'],
    ['"/media/SD/my night"', '/media/SD/my night'],
    ['file:///media/SD/my%20night', '/media/SD/my night'],
    ['"file:///media/SD/n%C3%BBit"', '/media/SD/nûit'],
    ['~/night', '~/night'],
  ])('%s', (typed, path) => {
    expect(cleanTypedPath(typed)).toBe(path);
  });
});
