import { describe, expect, it } from 'vitest';
import { nightContradiction } from '../../../shared/field/nightContradiction';
import { cardVerdict, isRecording } from '../../../shared/ways/cardVerdict';
import { freeName, freeNameCandidates, suffixPlace } from '../../../shared/ways/freeName';
import { mayDelete } from '../../../shared/ways/mayDelete';
import { ownObjects } from '../../../shared/ways/ownObjects';
import type { UnitEvidence } from '../../../shared/ways/ownObjects';
import { wholeMatch } from '../../../shared/programme/wholeMatch';

const unit = (patch: Partial<UnitEvidence>): UnitEvidence => ({
  key: 'S/P/2026-06-12/a.wav',
  keptServerObject: false,
  sent: true,
  expectedEtag: '5d41402abc4b2a76b9719d911017c592',
  uploadId: null,
  createStarted: false,
  done: true,
  ...patch,
});

describe('which objects a removal may delete (issue 31)', () => {
  it.each([
    ['a file this night sent, with the ETag its upload gives', unit({}), ['object']],
    ['a file found already there (nothing sent by this night)', unit({ sent: false }), []],
    ['a file whose server object the volunteer kept', unit({ keptServerObject: true }), []],
    ['a file never hashed (no ETag to check it by)', unit({ expectedEtag: null }), []],
    [
      'a multipart file half sent: its open upload only',
      unit({ sent: true, expectedEtag: 'abc-3', uploadId: 'u1', done: false }),
      ['object', 'upload'],
    ],
    [
      'a Create whose reply was lost: the uploads at its key',
      unit({ sent: false, createStarted: true, done: false }),
      ['uploads-at'],
    ],
    [
      'a multipart file verified: its upload completed, nothing to abort',
      unit({ createStarted: true }),
      ['object'],
    ],
  ])('%s', (_, evidence, kinds) => {
    expect(ownObjects([evidence]).map((o) => o.kind)).toEqual(kinds);
  });

  it('deletes only while the server still has the bytes the night sent', () => {
    const etag = '5d41402abc4b2a76b9719d911017c592';
    expect(mayDelete(etag, { etag: `"${etag}"` })).toBe('delete');
    expect(mayDelete(etag, { etag: `"${etag.toUpperCase()}"` })).toBe('delete');
    expect(mayDelete(etag, undefined)).toBe('absent');
    // Another writer replaced it: never deleted.
    expect(mayDelete(etag, { etag: '"00000000000000000000000000000000"' })).toBe('not-ours');
    // Nothing to compare with (a server that gives no ETag): never deleted.
    expect(mayDelete(etag, { etag: '' })).toBe('not-ours');
    expect(mayDelete('', { etag: `"${etag}"` })).toBe('not-ours');
  });
});

describe('the free-name rule of a night (issue 31)', () => {
  it('puts -2, -3... before the extension, the first that nothing holds', () => {
    const taken = new Set(['PT1_20260612_220000-2.wav']);
    expect(freeName('PT1_20260612_220000.wav', (c) => taken.has(c))).toBe(
      'PT1_20260612_220000-3.wav',
    );
    expect(freeName('sub/rec.WAV', () => false)).toBe('sub/rec-2.WAV');
    expect(freeName('README', () => false)).toBe('README-2');
    expect(freeNameCandidates('a.wav').slice(0, 3)).toEqual(['a-2.wav', 'a-3.wav', 'a-4.wav']);
  });

  it('under a programme pattern, moves the suffix to the first "_" (from the right) it accepts', () => {
    const pattern = wholeMatch(
      'Car.+-[0-9]{4}-Pass(0?[1-9]|[1-9][0-9])-(([A-H][12])|(Z[1-9][0-9]*))-.*[0-9]{8}_[0-9]{6}_[0-9]{3}\\.wav',
    );
    const name = 'Car640123-2026-Pass1-Z1-SM4-07_20260612_213622_000.wav';
    expect(freeName(name, () => false, pattern)).toBe(
      'Car640123-2026-Pass1-Z1-SM4-07-2_20260612_213622_000.wav',
    );
    expect(pattern.test(freeName(name, () => false, pattern) ?? '')).toBe(true);
  });

  it('finds none when the pattern accepts no suffix, or every candidate is taken', () => {
    expect(suffixPlace('a.wav', /^a\.wav$/)).toBeUndefined();
    expect(freeName('a.wav', () => false, /^a\.wav$/)).toBeUndefined();
    expect(freeName('a.wav', () => true)).toBeUndefined();
  });
});

describe('the card-reusable verdict (issue 31)', () => {
  const rec = (
    relPath: string,
    night: string | null,
    deposits: { planId: string; verified: boolean }[],
  ) => ({ relPath, night, deposits });

  it('is reusable only when every recording is verified by some deposit', () => {
    expect(
      cardVerdict([
        rec('a.wav', '2026-06-12', [{ planId: '1', verified: true }]),
        rec('b.wav', '2026-06-12', [
          { planId: '1', verified: false },
          { planId: '2', verified: true },
        ]),
      ]),
    ).toEqual({ kind: 'reusable', recordings: 2 });
  });

  it('after one night of a nine-night card, names the nights left', () => {
    const verdict = cardVerdict([
      rec('n1.wav', '2026-06-12', [{ planId: '1', verified: true }]),
      rec('n2.wav', '2026-06-13', []),
      rec('n2b.wav', '2026-06-13', []),
      rec('n3.wav', '2026-06-14', []),
    ]);
    expect(verdict).toEqual({
      kind: 'not-yet',
      recordings: 4,
      verified: 1,
      left: [
        { kind: 'night-not-deposited', night: '2026-06-13', files: ['n2.wav', 'n2b.wav'] },
        { kind: 'night-not-deposited', night: '2026-06-14', files: ['n3.wav'] },
      ],
    });
  });

  it('names a recording the analysis left out, only on the card, and files not verified yet', () => {
    const verdict = cardVerdict([
      rec('ok.wav', '2026-06-12', [{ planId: '1', verified: true }]),
      rec('truncated.wav', '2026-06-12', []),
      rec('failed.wav', '2026-06-12', [{ planId: '1', verified: false }]),
    ]);
    expect(verdict).toMatchObject({
      kind: 'not-yet',
      verified: 1,
      left: [
        { kind: 'not-verified', planId: '1', files: ['failed.wav'] },
        { kind: 'only-on-card', files: ['truncated.wav'] },
      ],
    });
  });

  it('counts WAV files as recordings, not the recorder’s settings or logs', () => {
    expect(isRecording('PT1_20260612_220000.WAV')).toBe(true);
    expect(isRecording('CONFIG.TXT')).toBe(false);
  });
});

describe('a typed night date against the recordings’ own (issue 31)', () => {
  it('asks when they differ, naming both', () => {
    expect(nightContradiction('2026-06-13', ['2026-06-12'])).toEqual({
      typed: '2026-06-13',
      recorded: ['2026-06-12'],
    });
  });

  it('says nothing when they agree, when nothing is typed, or when no recording is dated', () => {
    expect(nightContradiction('2026-06-12', ['2026-06-12'])).toBeUndefined();
    expect(nightContradiction('', ['2026-06-12'])).toBeUndefined();
    expect(nightContradiction('2026-06-12', [])).toBeUndefined();
  });
});
