import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runPreflight } from '../../../electron/field/runPreflight';
import { expandPrefix } from '../../../shared/field/expandPrefix';
import { planMetadata } from '../../../shared/field/planMetadata';
import { prefixValues } from '../../../shared/field/prefixValues';
import {
  echoMeterNight,
  realRecordingsAbsent,
  realRecordingsDir,
  realRecordingsTitle,
} from '../../support/realRecordings';

/**
 * What each real recording holds, read from its own chunks with a separate RIFF dump (Python's
 * struct, not Depot's parser): the fmt chunk's rate, the data chunk's length over the byte rate,
 * and the time each recorder wrote (GUANO `Timestamp`, AudioMoth's comment) or, failing that,
 * the one in the file name.
 */
const truth = [
  // Elekon BATLOGGER S2: GUANO `Timestamp` without an offset.
  ['0166_20240531_223911.wav', 312_500, 2_521_088, '2024-05-31T22:39:11', 'guano', '2024-05-31'],
  ['0166_20240602_225340.wav', 312_500, 2_521_088, '2024-06-02T22:53:40', 'guano', '2024-06-02'],
  // After midnight: still the evening's night (noon to noon).
  ['0166_20240603_033731.wav', 312_500, 2_521_088, '2024-06-03T03:37:31', 'guano', '2024-06-02'],
  ['0166_20240603_033937.wav', 312_500, 2_521_088, '2024-06-03T03:39:37', 'guano', '2024-06-02'],
  ['0166_20240604_233500.wav', 312_500, 2_521_088, '2024-06-04T23:35:00', 'guano', '2024-06-04'],
  // No metadata: the date is only in the name.
  [
    '20170701_213954-MYOMYS-LR_0_0.5.wav',
    500_000,
    500_000,
    '2017-07-01T21:39:54',
    'file-name',
    '2017-07-01',
  ],
  [
    '20180530_213516-EPTSER-LR_0_0.5.wav',
    384_000,
    384_000,
    '2018-05-30T21:35:16',
    'file-name',
    '2018-05-30',
  ],
  [
    '20180627_215323-RHIFER-LR_0_0.5.wav',
    384_000,
    384_000,
    '2018-06-27T21:53:23',
    'file-name',
    '2018-06-27',
  ],
  // A LIST/INFO name and an id3 chunk after the audio.
  [
    '20230322_172000_selec2.wav',
    192_000,
    768_000,
    '2023-03-22T17:20:00',
    'file-name',
    '2023-03-22',
  ],
  // AudioMoth: GUANO without spaces after the colons, an offset, and the same time in its comment.
  ['Audiomoth.WAV', 250_000, 3_362_624, '2024-09-03T20:26:15+01:00', 'guano', '2024-09-03'],
  ['AudiomothNoBatCalls.WAV', 250_000, 52_544, '2024-09-03T19:31:30+01:00', 'guano', '2024-09-03'],
  // Echo Meter Touch 2: `Timestamp:  2022-08-15 21:34:14+0100` (two spaces, a space, no colon).
  ['Echometer.wav', 256_000, 3_575_040, '2022-08-15T21:34:14+01:00', 'guano', '2022-08-15'],
] as const;

/** Paris in summer (+02:00), and in March 2023 before the change of the 26th (+01:00). */
const inParis = (at: string): string =>
  /[+-]\d\d:\d\d$/.test(at) ? at : `${at}${at.startsWith('2023-03') ? '+01:00' : '+02:00'}`;

describe.skipIf(realRecordingsAbsent !== undefined)(
  realRecordingsTitle('the pre-flight of a card of real recordings'),
  () => {
    it('reads each recorder’s rate, length and time as the files hold them', async () => {
      const report = await runPreflight(realRecordingsDir, { tz: 'Europe/Paris' });
      const wavs = report.files.filter((f) => f.class !== 'companion');
      expect(wavs.map((f) => f.relPath).sort()).toEqual(truth.map(([name]) => name).sort());
      for (const [name, rate, dataBytes, writtenAt, source, night] of truth) {
        const file = wavs.find((f) => f.relPath === name);
        expect({ name, ...file }).toMatchObject({
          name,
          class: 'valid',
          sampleRate: rate,
          channels: 1,
          bitsPerSample: 16,
          recordedAt: inParis(writtenAt),
          recordedAtMs: Date.parse(inParis(writtenAt)),
          timeSource: source,
          zoneSource: /[+-]\d\d:\d\d$/.test(writtenAt) ? 'file-offset' : 'volunteer',
          night,
        });
        // The report gives durations to the millisecond.
        expect(file?.durationSec, name).toBeCloseTo(dataBytes / (rate * 2), 3);
      }
      expect(report.files.find((f) => f.class === 'companion')?.relPath).toBe('README.md');
    });

    it('keeps each recorder’s identity: serials, models, position, and no empty serial', async () => {
      const report = await runPreflight(realRecordingsDir, { tz: 'Europe/Paris' });
      const of = (name: string) => report.files.find((f) => f.relPath === name);
      expect(of('0166_20240531_223911.wav')).toMatchObject({ serial: '22060166' });
      expect(of('Audiomoth.WAV')).toMatchObject({ serial: '24E144055E080032' });
      expect(of('Audiomoth.WAV')?.guano?.['Make']).toBe('Open Acoustic Devices');
      // The Echo Meter writes `Serial: ` with nothing after it: no serial, not an empty one.
      expect(of('Echometer.wav')?.serial).toBeUndefined();
      expect(of('Echometer.wav')?.guano?.['Model']).toBe('Echo Meter Touch 2 Standard Android');
      expect(of('Echometer.wav')?.guano?.['Species Manual ID']).toBe('PIPPIP');
      expect(report.metadata).toMatchObject({
        make: 'BATLOGGER',
        model: 'S2',
        serial: '22060166',
        serials: ['22060166', '24E144055E080032'],
        recorders: [
          'BATLOGGER S2 · 22060166',
          'Open Acoustic Devices AudioMoth · 24E144055E080032',
          'Wildlife Acoustics Echo Meter Touch 2 Standard Android',
        ],
        position: { lat: 49.093119, lon: 5.047867 },
        sampleRates: [192_000, 250_000, 256_000, 312_500, 384_000, 500_000],
      });
      const seconds = truth.reduce((sum, [, rate, bytes]) => sum + bytes / (rate * 2), 0);
      // A sum of durations given to the millisecond: 37.48 s, within a few of them.
      expect(report.metadata.totalDurationSec).toBeCloseTo(seconds, 2);
    });

    it('finds the nine nights, blocks on them, and says which recorders it saw', async () => {
      const report = await runPreflight(realRecordingsDir, { tz: 'Europe/Paris' });
      const nights = [...new Set(truth.map(([, , , , , night]) => night))].sort();
      expect(report.nights.map((n) => n.night)).toEqual(nights);
      expect(report.nights.find((n) => n.night === '2024-06-02')).toEqual({
        night: '2024-06-02',
        files: 3,
        firstAt: '2024-06-02T22:53:40+02:00',
        lastAt: '2024-06-03T03:39:37+02:00',
      });
      expect(report.timeZone).toMatchObject({
        zone: 'Europe/Paris',
        source: 'volunteer',
        sources: { 'file-offset': 3, volunteer: 9, none: 0 },
      });
      expect(report.problems.map((p) => [p.relPath, p.class, p.decision])).toEqual([
        ['', 'several-nights', 'block'],
        ['', 'several-recorders', 'deposit-anyway'],
        ['README.md', 'companion', 'deposit-anyway'],
      ]);
      // Three recorders, the Echo Meter among them though it writes no serial.
      expect(report.problems[1]?.message.fr).toBe(
        'Enregistrements de plusieurs appareils (BATLOGGER S2 · 22060166, ' +
          'Open Acoustic Devices AudioMoth · 24E144055E080032, ' +
          'Wildlife Acoustics Echo Meter Touch 2 Standard Android). ' +
          'Les enregistrements seront déposés tels quels.',
      );
    });

    it('without a zone, leaves the times without an offset as written, and says so', async () => {
      const report = await runPreflight(realRecordingsDir);
      const batlogger = report.files.find((f) => f.relPath === '0166_20240531_223911.wav');
      expect(batlogger).toMatchObject({ recordedAt: '2024-05-31T22:39:11', zoneSource: 'none' });
      expect(batlogger?.recordedAtMs).toBeUndefined();
      expect(report.timeZone).toMatchObject({
        zone: null,
        source: 'none',
        sources: { 'file-offset': 3, volunteer: 0, none: 9 },
      });
      // The nights are cut on the recorders' own clocks: the same nine.
      expect(report.nights).toHaveLength(9);
    });

    it('describes each night by its own files: recorder, place, length and counts', async () => {
      const report = await runPreflight(realRecordingsDir, { tz: 'Europe/Paris' });
      const echoMeter = planMetadata(report, { night: '2022-08-15' });
      expect(echoMeter).toMatchObject(echoMeterNight);
      expect(echoMeter).toMatchObject({
        totalDurationSec: 6.983,
        totalBytes: 3_575_882,
        counts: { valid: 1, companion: 0 },
        // The folder's own problems, none of another night's files.
        problems: { 'several-nights': 1, 'several-recorders': 1 },
      });
      // Its own offset (in echoMeterNight), though the volunteer's zone placed most of the folder;
      // a BATLOGGER night keeps the volunteer's.
      expect(planMetadata(report, { night: '2024-06-02' }).timeZone).toEqual({
        zone: 'Europe/Paris',
        source: 'volunteer',
      });
      expect(echoMeter.serial).toBeUndefined();
      expect(planMetadata(report, { night: '2024-09-03' })).toMatchObject({
        make: 'Open Acoustic Devices',
        model: 'AudioMoth',
        serial: '24E144055E080032',
        serials: ['24E144055E080032'],
        totalFiles: 2,
        totalBytes: 3_363_375 + 53_295,
      });
      // The undated companion goes with the first night; that night's recording has no metadata.
      const first = planMetadata(report, { night: '2017-07-01' });
      expect(first).toMatchObject({
        totalFiles: 2,
        counts: { valid: 1, companion: 1 },
        problems: { 'several-nights': 1, 'several-recorders': 1, companion: 1 },
        sampleRates: [500_000],
      });
      expect([first.make, first.model, first.serial, first.position]).toEqual([
        undefined,
        undefined,
        undefined,
        undefined,
      ]);
      // The whole folder, as `depot check` reports it, still has every recorder.
      expect(planMetadata(report).totalFiles).toBe(13);
    });

    it('fills {serial} with each night’s own recorder, and refuses a night that has none', async () => {
      const report = await runPreflight(realRecordingsDir, { tz: 'Europe/Paris' });
      const prefix = (night: string): string =>
        expandPrefix('{serial}/{night}/', prefixValues(report, { night }));
      expect(prefix('2024-06-02')).toBe('22060166/2024-06-02/');
      expect(prefix('2024-09-03')).toBe('24E144055E080032/2024-09-03/');
      expect(() => prefix('2022-08-15')).toThrow('no value for {serial}');
      expect(
        expandPrefix('{make}/{model}/{night}/', prefixValues(report, { night: '2022-08-15' })),
      ).toBe('Wildlife Acoustics/Echo Meter Touch 2 Standard Android/2022-08-15/');
    });

    it('tells what a card pulled out mid-write cut from each real layout', async () => {
      // Cut copies in a temporary folder: the recordings themselves are only read.
      const dir = mkdtempSync(join(tmpdir(), 'depot-real-cut-'));
      try {
        const cut = (name: string, keep: (size: number) => number, as = name): void => {
          const bytes = readFileSync(join(realRecordingsDir, name));
          writeFileSync(join(dir, as), bytes.subarray(0, keep(bytes.length)));
        };
        cut('Audiomoth.WAV', () => 1_500_000); // in the audio
        cut('0166_20240531_223911.wav', (n) => n - 100); // in the GUANO chunk after the audio
        cut('20230322_172000_selec2.wav', (n) => n - 30); // in the id3 chunk after the audio
        cut('Echometer.wav', () => 40); // the header and no sound
        const report = await runPreflight(dir, { tz: 'Europe/Paris' });
        const of = (name: string) => report.files.find((f) => f.relPath === name);
        const problem = (name: string) => report.problems.find((p) => p.relPath === name);
        expect(of('Audiomoth.WAV')).toMatchObject({ class: 'truncated', night: '2024-09-03' });
        expect(problem('Audiomoth.WAV')?.message.en).toContain(
          '1,499,512 of 3,362,624 announced sound bytes',
        );
        // The sound is whole; what followed it is not. The BATLOGGER's GUANO went with it, so
        // its time now comes from its name, read in the volunteer's zone.
        expect(of('0166_20240531_223911.wav')).toMatchObject({
          class: 'truncated',
          timeSource: 'file-name',
          recordedAt: '2024-05-31T22:39:11+02:00',
        });
        expect(problem('0166_20240531_223911.wav')?.message.en).toContain(
          'all 2,521,088 sound bytes are there',
        );
        expect(of('20230322_172000_selec2.wav')?.class).toBe('truncated');
        expect(of('Echometer.wav')?.class).toBe('header-only');
        expect(problem('Echometer.wav')?.decision).toBe('skip');
        // The cut ones wait for the volunteer; nothing is called valid.
        expect(report.counts).toMatchObject({ valid: 0, truncated: 3, 'header-only': 1 });
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    });
  },
);
