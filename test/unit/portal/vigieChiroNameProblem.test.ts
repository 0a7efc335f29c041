import { describe, expect, it } from 'vitest';
import { vigieChiroNameProblem } from '../../../shared/portal/vigiechiro/vigieChiroNameProblem';

// The names the facts file ran through the portal's own functions (facts §2, §4), and more of
// its rules: what the pre-flight must refuse before any byte, and what it must let through.
describe('vigieChiroNameProblem', () => {
  it.each([
    'Cir270-2009-Pass1-Tron1-Chiro_0_00265_000.wav',
    'Car170517-2014-Pass1-C1-OB-1_20140702_224038_761.wav',
    'Car170517-2014-Pass1-Z12-OB-1_20140702_224038_761.wav',
    'Car170517-2014-Pass1-C1-20140702_224038_761.wav',
    'Car640123-2026-Pass1-Z1-SM4-07_20260612_213622_000.wav',
    'Car640123-2026-Pass10-A2-x_20260612_213622_000.ta',
    'photo.jpg',
    'archive.zip',
    'archive.zip.001',
    'archive.z01',
  ])('takes %s', (name) => {
    expect(vigieChiroNameProblem(name)).toBeUndefined();
  });

  it.each([
    ['Car640123-2026-Pass1-Z1-é_20260612_213622_000.wav', 'forbidden-characters'],
    ['Car640123 2026.wav', 'forbidden-characters'],
    ['a/b.wav', 'forbidden-characters'],
    ['Car640123-2026-Pass1-Z1-SM4_20260612_213622_000.WAV', 'unknown-type'],
    ['notes.txt', 'unknown-type'],
    ['noextension', 'unknown-type'],
    ['Car170517-2014-Pass1-Z0-OB-1_20140702_224038_761.wav', 'invalid-name'],
    ['Car170517-2014-Pass1-I1-OB-1_20140702_224038_761.wav', 'invalid-name'],
    ['Car170517-2014-Pass0-C1-OB-1_20140702_224038_761.wav', 'invalid-name'],
    ['Cir270-2009-Pass1-Tron0-Chiro_0_00265_000.wav', 'invalid-name'],
    ['20170701_213954-MYOMYS-LR_0_0.5.wav', 'invalid-name'],
    // `endswith`: `.v` is audio/wav to the portal, then not a protocol's extension.
    ['Car170517-2014-Pass1-C1-OB-1_20140702_224038_761.v', 'invalid-name'],
  ] as const)('refuses %s (%s)', (name, problem) => {
    expect(vigieChiroNameProblem(name)).toBe(problem);
  });
});
