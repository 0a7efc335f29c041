import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { wallMs } from '../../../shared/field/FieldTimestamp';
import { inspectWav } from '../../../shared/field/inspectWav';
import { nightOf } from '../../../shared/field/nightOf';
import { objectKey } from '../../../shared/field/objectKey';
import { hasControlCharacters } from '../../../shared/field/pathRules';
import { guanoChunk, infoListChunk, wavFile } from '../../../shared/field/riffBytes';
import { instantToWall, offsetMinutesAt, wallToInstant } from '../../../shared/field/zonedTime';

const zones = ['Europe/Paris', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata', 'UTC'];
const instants = fc
  .integer({ min: Date.UTC(2000, 0, 1), max: Date.UTC(2040, 0, 1) })
  .map((ms) => ms - (ms % 1000));

describe('zone properties', () => {
  it('an instant read as a wall clock and back is the same instant, unless that wall time happens twice', () => {
    fc.assert(
      fc.property(instants, fc.constantFrom(...zones), (instant, zone) => {
        const back = wallToInstant(instantToWall(instant, zone), zone);
        const repeated =
          offsetMinutesAt(zone, instant - 3 * 3600_000) !== offsetMinutesAt(zone, instant);
        if (!repeated) expect(back).toBe(instant);
        else expect(instantToWall(back, zone)).toEqual(instantToWall(instant, zone));
      }),
      { numRuns: 2000 },
    );
  });

  it('a night holds its evening and the next morning: at most 24 h of wall clock, named after the evening', () => {
    fc.assert(
      fc.property(instants, fc.constantFrom(...zones), (instant, zone) => {
        const wall = instantToWall(instant, zone);
        const night = nightOf(wall);
        const noon = Date.UTC(+night.slice(0, 4), +night.slice(5, 7) - 1, +night.slice(8, 10), 12);
        const local = wallMs(wall);
        expect(local).toBeGreaterThanOrEqual(noon);
        expect(local).toBeLessThan(noon + 86_400_000);
      }),
      { numRuns: 2000 },
    );
  });
});

describe('inspectWav properties', () => {
  const format = { sampleRate: 48_000, channels: 1, bitsPerSample: 16 };
  const file = wavFile({
    format,
    audio: new Uint8Array(2_000).fill(7),
    before: [
      infoListChunk([
        ['ICMT', 'Recorded at 21:03:00 24/05/2025 (UTC+1) by AudioMoth 24F319055FDF2A5B'],
      ]),
    ],
    after: [
      guanoChunk([
        ['GUANO|Version', '1.0'],
        ['Timestamp', '2026-06-12T21:30:00+02:00'],
      ]),
    ],
  });
  const inspectPrefix = (length: number) =>
    inspectWav((o, l) => Promise.resolve(file.slice(o, Math.min(o + l, length))), length);

  it('the whole file is valid', async () => {
    expect((await inspectPrefix(file.length)).class).toBe('valid');
  });

  it('any shorter copy of the file is never valid: a cut card is always caught', async () => {
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: file.length - 1 }), async (length) => {
        const result = await inspectPrefix(length);
        expect(result.class).not.toBe('valid');
        if (length === 0) expect(result.class).toBe('empty');
      }),
      { numRuns: 300 },
    );
  });

  it('never throws on arbitrary bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.uint8Array({ maxLength: 200 }), fc.boolean(), async (bytes, riff) => {
        const data = riff
          ? new Uint8Array([...new TextEncoder().encode('RIFF\x10\x00\x00\x00WAVE'), ...bytes])
          : bytes;
        const result = await inspectWav(
          (o, l) => Promise.resolve(data.slice(o, o + l)),
          data.length,
        );
        expect(['valid', 'empty', 'header-only', 'truncated', 'not-wav']).toContain(result.class);
      }),
      { numRuns: 500 },
    );
  });
});

describe('objectKey properties', () => {
  const segment = fc
    .string({ minLength: 1, maxLength: 12, unit: 'grapheme' })
    .filter((s) => !/[/\\]/.test(s) && !hasControlCharacters(s) && s !== '..' && s !== '.');
  it('keys are NFC, have no empty, "." or ".." segment and end with the relative path', () => {
    fc.assert(
      fc.property(
        fc.array(segment, { maxLength: 3 }),
        fc.array(segment, { minLength: 1, maxLength: 4 }),
        (prefix, rel) => {
          const key = objectKey(prefix.join('/') + (prefix.length > 0 ? '/' : ''), rel.join('/'));
          expect(key).toBe(key.normalize('NFC'));
          expect(key.split('/').every((s) => s !== '' && s !== '.' && s !== '..')).toBe(true);
          expect(key.endsWith(rel.join('/').normalize('NFC'))).toBe(true);
        },
      ),
      { numRuns: 1000 },
    );
  });
});
