import { mkdir, mkdtemp, rm, symlink, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runPreflight } from '../../../electron/field/runPreflight';
import { synthNight } from '../../../electron/field/synthNight';
import { blockingProblems } from '../../../shared/field/blockingProblems';
import { depositableFiles } from '../../../shared/field/depositableFiles';
import { guanoChunk, infoListChunk, wavFile } from '../../../shared/field/riffBytes';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'depot-preflight-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const format = { sampleRate: 384_000, channels: 1, bitsPerSample: 16 };
let noiseSeed = 1;
/** Distinct audio per call, so only deliberate copies are duplicates. */
const audio = (bytes: number): Uint8Array => {
  const seed = noiseSeed++;
  return new Uint8Array(bytes).map((_, i) => (i * 31 + seed * 97 + (i >> 8) * seed) & 0xff);
};
const put = async (rel: string, bytes: Uint8Array | string): Promise<void> => {
  await mkdir(join(dir, rel, '..'), { recursive: true });
  await writeFile(join(dir, rel), bytes);
};
const guanoWav = (timestamp: string, extra: [string, string][] = [], seconds = 0.01): Uint8Array =>
  wavFile({
    format,
    audio: audio(Math.round(seconds * 768_000)),
    after: [
      guanoChunk([
        ['GUANO|Version', '1.0'],
        ['Timestamp', timestamp],
        ['Make', 'Wildlife Acoustics'],
        ['Model', 'SM4BAT-FS'],
        ['Serial', 'S4U12345'],
        ['Loc Position', '47.2184 -1.5536'],
        ['Samplerate', '384000'],
        ['TE', '1'],
        ['Length', String(seconds)],
        ...extra,
      ]),
    ],
  });
const plainWav = (seconds = 0.01): Uint8Array =>
  wavFile({ format, audio: audio(Math.round(seconds * 768_000)) });

describe('runPreflight', () => {
  it('classifies every kind of file, with a decision and a message in French and English', async () => {
    await put('SITE01_20260612_213000.wav', plainWav());
    await put('SITE01_20260612_213500.WAV', plainWav());
    await put('SITE01_20260612_214000.wav', plainWav(0.02).slice(0, 8_000));
    await put('SITE01_20260612_214500.wav', wavFile({ format, audio: new Uint8Array(0) }));
    await put('SITE01_20260612_215000.wav', new Uint8Array(0));
    await put('SITE01_20260612_215500.wav', 'not audio at all, just text');
    await put('CONFIG.TXT', 'Sample rate (kHz): 384\n');
    await put('.DS_Store', 'junk');
    await put('bad\u0001name.wav', plainWav());
    await symlink(join(dir, 'CONFIG.TXT'), join(dir, 'link.txt'));

    const report = await runPreflight(dir, { tz: 'Europe/Paris' });
    expect(report.counts).toEqual({
      valid: 2,
      empty: 1,
      'header-only': 1,
      truncated: 1,
      'not-wav': 1,
      companion: 1,
    });
    expect(report.totalFiles).toBe(7);
    expect(report.scan.skippedJunk.count).toBe(1);
    const byPath = Object.fromEntries(
      report.problems.map((p) => [p.relPath, [p.class, p.decision]]),
    );
    expect(byPath).toEqual({
      'CONFIG.TXT': ['companion', 'deposit-anyway'],
      'SITE01_20260612_214000.wav': ['truncated', 'block'],
      'SITE01_20260612_214500.wav': ['header-only', 'skip'],
      'SITE01_20260612_215000.wav': ['empty', 'skip'],
      'SITE01_20260612_215500.wav': ['not-wav', 'block'],
      'bad\\x01name.wav': ['bad-name', 'block'],
      'link.txt': ['not-a-regular-file', 'skip'],
    });
    for (const p of report.problems) {
      expect(p.message.fr.length).toBeGreaterThan(10);
      expect(p.message.en.length).toBeGreaterThan(10);
      expect(p.message.fr).not.toBe(p.message.en);
    }
    const truncated = report.problems.find((p) => p.class === 'truncated')!;
    expect(truncated.message.fr).toMatch(/carte a peut-être été retirée/);
    expect(truncated.message.en).toMatch(/7,956 of 15,360 announced sound bytes/);
    expect(blockingProblems(report).map((p) => p.relPath)).toEqual([
      'SITE01_20260612_214000.wav',
      'SITE01_20260612_215500.wav',
      'bad\\x01name.wav',
    ]);
    expect(depositableFiles(report, { skipBlocking: false })).toEqual([
      'CONFIG.TXT',
      'SITE01_20260612_213000.wav',
      'SITE01_20260612_213500.WAV',
      'SITE01_20260612_214000.wav',
      'SITE01_20260612_215500.wav',
    ]);
    expect(depositableFiles(report, { skipBlocking: true })).toEqual([
      'CONFIG.TXT',
      'SITE01_20260612_213000.wav',
      'SITE01_20260612_213500.WAV',
    ]);
  });

  it('reads GUANO metadata, keeps unknown keys, and uses the offset written in the file', async () => {
    await put(
      'a.wav',
      guanoWav('2026-06-12T23:10:00+02:00', [['SB|Classifier', 'Europe West']], 1),
    );
    await put('b.wav', guanoWav('2026-06-13T01:20:00+02:00', [], 2));
    const report = await runPreflight(dir, { tz: 'America/New_York' });
    expect(report.nights).toEqual([
      {
        night: '2026-06-12',
        files: 2,
        firstAt: '2026-06-12T23:10:00+02:00',
        lastAt: '2026-06-13T01:20:00+02:00',
      },
    ]);
    expect(report.timeZone).toMatchObject({
      zone: 'UTC+02:00',
      source: 'file-offset',
      offsets: ['+02:00'],
    });
    expect(report.metadata).toMatchObject({
      make: 'Wildlife Acoustics',
      model: 'SM4BAT-FS',
      serial: 'S4U12345',
      position: { lat: 47.2184, lon: -1.5536 },
      sampleRates: [384_000],
      totalDurationSec: 3,
    });
    expect(report.files[0]?.guano?.['SB|Classifier']).toBe('Europe West');
    expect(report.files[0]).toMatchObject({
      timeSource: 'guano',
      recordedAtMs: Date.UTC(2026, 5, 12, 21, 10),
    });
    expect(report.problems).toEqual([]);
  });

  it('uses the volunteer zone for GUANO timestamps without offset, and says so', async () => {
    await put('a.wav', guanoWav('2026-06-12T22:00:00'));
    await put('b.wav', guanoWav('2026-06-13T03:00:00'));
    const withZone = await runPreflight(dir, { tz: 'Europe/Paris' });
    expect(withZone.timeZone).toMatchObject({ zone: 'Europe/Paris', source: 'volunteer' });
    expect(withZone.nights[0]).toMatchObject({
      night: '2026-06-12',
      firstAt: '2026-06-12T22:00:00+02:00',
    });
    const without = await runPreflight(dir);
    expect(without.timeZone).toMatchObject({ zone: null, source: 'none' });
    expect(without.nights[0]).toMatchObject({
      night: '2026-06-12',
      firstAt: '2026-06-12T22:00:00',
    });
  });

  it('reads the AudioMoth comment: time with its UTC offset and the device id', async () => {
    const moth = (time: string, date: string): Uint8Array =>
      wavFile({
        format: { sampleRate: 48_000, channels: 1, bitsPerSample: 16 },
        audio: audio(960),
        before: [
          infoListChunk([
            [
              'ICMT',
              `Recorded at ${time} ${date} (UTC+1) by AudioMoth 24F319055FDF2A5B at medium gain while battery was 4.2V and temperature was 15.3C.`,
            ],
            ['IART', 'AudioMoth 24F319055FDF2A5B'],
          ]),
        ],
      });
    await put('20250524_210300.WAV', moth('21:03:00', '24/05/2025'));
    await put('20250525_040000.WAV', moth('04:00:00', '25/05/2025'));
    const report = await runPreflight(dir, { tz: 'Europe/Paris' });
    expect(report.metadata).toMatchObject({
      make: 'Open Acoustic Devices',
      model: 'AudioMoth',
      serial: '24F319055FDF2A5B',
    });
    expect(report.nights).toEqual([
      {
        night: '2025-05-24',
        files: 2,
        firstAt: '2025-05-24T21:03:00+01:00',
        lastAt: '2025-05-25T04:00:00+01:00',
      },
    ]);
    expect(report.files[0]).toMatchObject({
      timeSource: 'audiomoth',
      zoneSource: 'file-offset',
      durationSec: 0.01,
    });
  });

  it('dates files by their name when nothing else does, and detects several nights', async () => {
    await put('Car170517-2014-Pass1-C1-OB-1_20140702_224038_000.wav', plainWav());
    await put('Car170517-2014-Pass1-C1-OB-1_20140703_013000_000.wav', plainWav());
    await put('Car170517-2014-Pass1-C1-OB-1_20140703_223000_000.wav', plainWav());
    await put('notes.txt', 'x');
    const report = await runPreflight(dir, { tz: 'Europe/Paris' });
    expect(report.nights.map((n) => [n.night, n.files])).toEqual([
      ['2014-07-02', 2],
      ['2014-07-03', 1],
    ]);
    expect(report.metadata).toMatchObject({ site: 'Car170517', point: 'C1' });
    const several = report.problems.find((p) => p.class === 'several-nights');
    expect(several).toMatchObject({ relPath: '', decision: 'block' });
    expect(several?.message.fr).toMatch(/2014-07-02, 2014-07-03/);
    expect(report.files.find((f) => f.relPath.endsWith('013000_000.wav'))?.timeSource).toBe(
      'file-name',
    );
  });

  it('reports a recording with no date anywhere', async () => {
    await put('REC0001.WAV', plainWav());
    const report = await runPreflight(dir, { tz: 'Europe/Paris' });
    expect(report.nights).toEqual([]);
    expect(report.problems.map((p) => [p.class, p.decision])).toEqual([
      ['no-timestamp', 'deposit-anyway'],
    ]);
  });

  it('spring forward (Europe/Paris, 29 March 2026): one night, 8 real hours from 21:00 to 06:00', async () => {
    for (const [day, time] of [
      ['28', '210000'],
      ['29', '013000'],
      ['29', '023000'],
      ['29', '060000'],
    ] as const)
      await put(`N_202603${day}_${time}.wav`, plainWav());
    const report = await runPreflight(dir, { tz: 'Europe/Paris' });
    expect(report.nights).toEqual([
      {
        night: '2026-03-28',
        files: 4,
        firstAt: '2026-03-28T21:00:00+01:00',
        lastAt: '2026-03-29T06:00:00+02:00',
      },
    ]);
    const at = (name: string) => report.files.find((f) => f.relPath === name);
    expect(at('N_20260329_013000.wav')?.recordedAt).toBe('2026-03-29T01:30:00+01:00');
    // 02:30 does not exist that night: the recorder's clock read it as the hour after the change.
    expect(at('N_20260329_023000.wav')?.recordedAt).toBe('2026-03-29T03:30:00+02:00');
    const first = report.files.find((f) => f.relPath === 'N_20260328_210000.wav')!.recordedAtMs!;
    const last = at('N_20260329_060000.wav')!.recordedAtMs!;
    expect((last - first) / 3_600_000).toBe(8);
    expect(report.timeZone.offsets).toEqual(['+01:00', '+02:00']);
  });

  it('fall back (Europe/Paris, 25 October 2026): GUANO offsets change mid-night, still one night of 10 hours', async () => {
    await put('a.wav', guanoWav('2026-10-24T21:00:00+02:00'));
    await put('b.wav', guanoWav('2026-10-25T02:30:00+02:00'));
    await put('c.wav', guanoWav('2026-10-25T02:30:00+01:00'));
    await put('d.wav', guanoWav('2026-10-25T06:00:00+01:00'));
    const report = await runPreflight(dir);
    expect(report.nights).toEqual([
      {
        night: '2026-10-24',
        files: 4,
        firstAt: '2026-10-24T21:00:00+02:00',
        lastAt: '2026-10-25T06:00:00+01:00',
      },
    ]);
    const ms = (name: string) => report.files.find((f) => f.relPath === name)!.recordedAtMs!;
    expect((ms('c.wav') - ms('b.wav')) / 3_600_000).toBe(1);
    expect((ms('d.wav') - ms('a.wav')) / 3_600_000).toBe(10);
    expect(report.timeZone.source).toBe('file-offset');
  });

  it('reports exact duplicates once, hashing only files whose sizes collide', async () => {
    const original = guanoWav('2026-06-12T22:00:00+02:00');
    await put('SD1/a.wav', original);
    await put('SD1/copy/a.wav', original);
    await put('SD1/same-size.wav', guanoWav('2026-06-12T22:00:00+02:00'));
    await put('SD1/other.wav', guanoWav('2026-06-12T23:00:00+02:00', [], 0.02));
    const report = await runPreflight(dir);
    expect(report.duplicates).toHaveLength(1);
    expect(report.duplicates[0]?.relPaths).toEqual(['SD1/a.wav', 'SD1/copy/a.wav']);
    expect(report.duplicates[0]?.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(report.problems.map((p) => [p.relPath, p.class, p.decision])).toEqual([
      ['SD1/copy/a.wav', 'duplicate', 'skip'],
    ]);
    const sha = (rel: string) => report.files.find((f) => f.relPath === rel)?.sha256;
    expect(sha('SD1/a.wav')).toBe(report.duplicates[0]?.sha256);
    expect(sha('SD1/same-size.wav')).toBeUndefined();
    expect(sha('SD1/other.wav')).toBeUndefined();
    expect(depositableFiles(report, { skipBlocking: false })).not.toContain('SD1/copy/a.wav');
  });

  it("names both files that take one key, and says it leaves Depot's own .depot/ out (issue 30)", async () => {
    await put('a\\b_20260612_220015.wav', guanoWav('2026-06-12T22:00:15+02:00'));
    await put('a/b_20260612_220015.wav', guanoWav('2026-06-12T22:00:15+02:00'));
    await put('SITE01_20260612_213000.wav', guanoWav('2026-06-12T21:30:00+02:00'));
    await put('.depot/night-0123.json', '{"version":1}');
    const report = await runPreflight(dir);
    const problems = report.problems.map((p) => [p.relPath, p.class, p.decision]);
    expect(problems).toEqual([
      ['.depot/', 'depot-folder', 'skip'],
      ['a/b_20260612_220015.wav', 'bad-name', 'block'],
      ['a\\b_20260612_220015.wav', 'bad-name', 'block'],
    ]);
    const [, slash, backslash] = report.problems;
    expect(slash?.message.en).toContain('same key on the server as "a\\b_20260612_220015.wav"');
    expect(backslash?.message.en).toContain('same key on the server as "a/b_20260612_220015.wav"');
    expect(slash?.message.fr).toContain(
      'même clé sur le serveur que «\u00a0a\\b_20260612_220015.wav\u00a0»',
    );
    expect(report.problems[0]?.message.en).toMatch(/^Depot’s own folder .* will not be deposited/);
    expect(report.scan.depotFolders).toEqual(['.depot/']);
    expect(depositableFiles(report, { skipBlocking: true })).toEqual([
      'SITE01_20260612_213000.wav',
    ]);
  });

  it('throws a clear error for a missing folder or an unknown zone', async () => {
    await expect(runPreflight(join(dir, 'absent'))).rejects.toMatchObject({ code: 'missing' });
    await expect(runPreflight(dir, { tz: 'Europe/Atlantis' })).rejects.toThrow(/unknown time zone/);
  });

  it('pre-flights a 5,000-file night in seconds, reading headers only', async () => {
    await synthNight(dir, { files: 5_000, seed: 11, totalBytes: 5_000 * 6_000 });
    let calls = 0;
    const started = performance.now();
    const report = await runPreflight(dir, { tz: 'Europe/Paris', onProgress: () => calls++ });
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `pre-flight of 5,000 files (${(report.totalBytes / 1e6).toFixed(1)} MB): ${seconds.toFixed(2)} s`,
    );
    expect(report.counts.valid).toBe(5_000);
    expect(report.nights).toHaveLength(1);
    expect(calls).toBe(5_000);
    expect(seconds).toBeLessThan(60);
  }, 120_000);
});
