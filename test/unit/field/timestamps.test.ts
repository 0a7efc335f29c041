import { describe, expect, it } from 'vitest';
import { parseIsoTimestamp, wallClock } from '../../../shared/field/FieldTimestamp';
import { nightOf } from '../../../shared/field/nightOf';
import { parseAudioMothComment } from '../../../shared/field/parseAudioMothComment';
import { parseFileName } from '../../../shared/field/parseFileName';
import { placeTimestamp } from '../../../shared/field/placeTimestamp';
import { isValidTimeZone, offsetMinutesAt, wallToInstant } from '../../../shared/field/zonedTime';

const wall = (y: number, mo: number, d: number, h: number, mi = 0, s = 0) =>
  wallClock(y, mo, d, h, mi, s)!;

describe('parseIsoTimestamp (GUANO date-time subsets)', () => {
  it.each([
    ['2015-12-31T23:59:59', { kind: 'none' }],
    ['2015-12-31T23:59:59.123456', { kind: 'none' }],
    ['2015-12-31T23:59:59Z', { kind: 'utc' }],
    ['2015-12-31T23:59:59.123+04:00', { kind: 'explicit', minutes: 240 }],
    ['2015-12-31T23:59:59-05:30', { kind: 'explicit', minutes: -330 }],
    ['2015-12-31 23:59:59+0100', { kind: 'explicit', minutes: 60 }],
  ])('%s', (text, offset) => {
    const parsed = parseIsoTimestamp(text);
    expect(parsed?.offset).toEqual(offset);
    expect(parsed?.wall).toMatchObject({ year: 2015, month: 12, day: 31, hour: 23, second: 59 });
  });

  it('rejects impossible dates and garbage', () => {
    expect(parseIsoTimestamp('2026-02-30T10:00:00')).toBeUndefined();
    expect(parseIsoTimestamp('2026-06-12T24:00:00')).toBeUndefined();
    expect(parseIsoTimestamp('yesterday')).toBeUndefined();
  });
});

describe('parseAudioMothComment', () => {
  it('reads time, positive offset and device id', () => {
    const c = parseAudioMothComment(
      'Recorded at 21:03:00 24/05/2025 (UTC+1) by AudioMoth 24F319055FDF2A5B at medium gain while battery was 4.2V and temperature was 15.3C.',
    );
    expect(c).toEqual({
      timestamp: {
        wall: wall(2025, 5, 24, 21, 3, 0),
        offset: { kind: 'explicit', minutes: 60 },
        source: 'audiomoth',
      },
      serial: '24F319055FDF2A5B',
    });
  });

  it('reads negative and half-hour offsets, plain UTC and a deployment id', () => {
    expect(
      parseAudioMothComment(
        'Recorded at 01:00:00 02/01/2024 (UTC-3:30) by AudioMoth 0000000000000001',
      )?.timestamp.offset,
    ).toEqual({ kind: 'explicit', minutes: -210 });
    const utc = parseAudioMothComment(
      'Recorded at 23:59:59 31/12/2023 (UTC) during deployment 00000000000000AB at high gain',
    );
    expect(utc?.timestamp.offset).toEqual({ kind: 'utc' });
    expect(utc?.deployment).toBe('00000000000000AB');
    expect(utc?.serial).toBeUndefined();
    expect(
      parseAudioMothComment(
        'Recorded at 10:00:00 01/06/2019 by AudioMoth 0FE081F80FE081F0 at gain setting 2',
      )?.timestamp.offset,
    ).toEqual({ kind: 'utc' });
    expect(parseAudioMothComment('Some other software')).toBeUndefined();
  });
});

describe('parseFileName', () => {
  it.each([
    ['SITE01_20260612_213000.wav', 'SITE01', wall(2026, 6, 12, 21, 30, 0)],
    ['20250524_210300.WAV', '', wall(2025, 5, 24, 21, 3, 0)],
    [
      'night/Car170517-2014-Pass1-C1-OB-1_20140702_224038_000.wav',
      'Car170517-2014-Pass1-C1-OB-1',
      wall(2014, 7, 2, 22, 40, 38),
    ],
    ['PR-20260612-021500.wav', 'PR', wall(2026, 6, 12, 2, 15, 0)],
  ])('%s', (name, prefix, expected) => {
    expect(parseFileName(name)).toEqual({
      prefix,
      timestamp: { wall: expected, offset: { kind: 'none' }, source: 'file-name' },
    });
  });

  it('ignores names without a valid timestamp', () => {
    expect(parseFileName('5EC5A158.WAV')).toBeUndefined();
    expect(parseFileName('REC_20261340_250000.wav')).toBeUndefined();
    expect(parseFileName('x120260612_213000.wav')).toBeUndefined();
  });
});

describe('nightOf: noon to noon', () => {
  it.each([
    [wall(2026, 6, 12, 21, 30), '2026-06-12'],
    [wall(2026, 6, 13, 2, 30), '2026-06-12'],
    [wall(2026, 6, 13, 11, 59, 59), '2026-06-12'],
    [wall(2026, 6, 13, 12, 0), '2026-06-13'],
    [wall(2026, 1, 1, 3, 0), '2025-12-31'],
    [wall(2024, 3, 1, 1, 0), '2024-02-29'],
  ])('%j -> %s', (w, night) => {
    expect(nightOf(w)).toBe(night);
  });
});

describe('zones and DST (Europe/Paris)', () => {
  it('knows IANA zones and refuses unknown ones', () => {
    expect(isValidTimeZone('Europe/Paris')).toBe(true);
    expect(isValidTimeZone('Mars/Olympus')).toBe(false);
  });

  it('uses +01:00 in winter and +02:00 in summer', () => {
    expect(offsetMinutesAt('Europe/Paris', Date.UTC(2026, 0, 15))).toBe(60);
    expect(offsetMinutesAt('Europe/Paris', Date.UTC(2026, 6, 15))).toBe(120);
  });

  it('spring forward (29 March 2026): 01:30 is +01:00, 02:30 does not exist and reads as 03:30 +02:00', () => {
    expect(wallToInstant(wall(2026, 3, 29, 1, 30), 'Europe/Paris')).toBe(
      Date.UTC(2026, 2, 29, 0, 30),
    );
    expect(wallToInstant(wall(2026, 3, 29, 3, 30), 'Europe/Paris')).toBe(
      Date.UTC(2026, 2, 29, 1, 30),
    );
    const gap = placeTimestamp(
      { wall: wall(2026, 3, 29, 2, 30), offset: { kind: 'none' }, source: 'file-name' },
      'Europe/Paris',
    );
    expect(gap.localIso).toBe('2026-03-29T03:30:00+02:00');
    expect(gap.night).toBe('2026-03-28');
  });

  it('fall back (25 October 2026): 02:30 happens twice, its first occurrence (+02:00) is taken', () => {
    expect(wallToInstant(wall(2026, 10, 25, 2, 30), 'Europe/Paris')).toBe(
      Date.UTC(2026, 9, 25, 0, 30),
    );
    expect(wallToInstant(wall(2026, 10, 25, 3, 30), 'Europe/Paris')).toBe(
      Date.UTC(2026, 9, 25, 2, 30),
    );
  });
});

describe('placeTimestamp: which time source wins', () => {
  const at = (
    offset: Parameters<typeof placeTimestamp>[0]['offset'],
    w = wall(2026, 6, 13, 0, 30),
  ) => ({
    wall: w,
    offset,
    source: 'guano' as const,
  });

  it('an explicit offset wins over the volunteer zone', () => {
    const placed = placeTimestamp(at({ kind: 'explicit', minutes: 120 }), 'America/New_York');
    expect(placed).toMatchObject({
      night: '2026-06-12',
      zoneSource: 'file-offset',
      instant: Date.UTC(2026, 5, 12, 22, 30),
      localIso: '2026-06-13T00:30:00+02:00',
    });
  });

  it('a UTC timestamp is converted to the volunteer zone, or kept as UTC without one', () => {
    const utc = at({ kind: 'utc' }, wall(2026, 6, 12, 23, 30));
    expect(placeTimestamp(utc, 'Europe/Paris')).toMatchObject({
      zoneSource: 'volunteer',
      localIso: '2026-06-13T01:30:00+02:00',
      night: '2026-06-12',
    });
    expect(placeTimestamp(utc)).toMatchObject({
      zoneSource: 'file-offset',
      localIso: '2026-06-12T23:30:00Z',
    });
    // A daytime UTC reading that is afternoon in Paris moves to the next night.
    expect(
      placeTimestamp(at({ kind: 'utc' }, wall(2026, 6, 13, 11, 0)), 'Europe/Paris').night,
    ).toBe('2026-06-13');
  });

  it('a local timestamp keeps its wall clock; the zone only dates the instant', () => {
    expect(placeTimestamp(at({ kind: 'none' }))).toEqual({
      local: wall(2026, 6, 13, 0, 30),
      night: '2026-06-12',
      zoneSource: 'none',
      localIso: '2026-06-13T00:30:00',
    });
    expect(placeTimestamp(at({ kind: 'none' }), 'Europe/Paris')).toMatchObject({
      night: '2026-06-12',
      zoneSource: 'volunteer',
      instant: Date.UTC(2026, 5, 12, 22, 30),
    });
  });
});
