import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { runPreflight } from '../../../electron/field/runPreflight';
import { depositableFiles } from '../../../shared/field/depositableFiles';
import { wavFile } from '../../../shared/field/riffBytes';
import { splitByNight } from '../../../shared/field/splitByNight';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'depot-split-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

let seed = 1;
const wav = (): Uint8Array =>
  wavFile({
    format: { sampleRate: 384_000, channels: 1, bitsPerSample: 16 },
    audio: new Uint8Array(2_000).map((_, i) => (i * 7 + seed++ * 13) & 0xff),
  });

describe('a folder of several nights, night by night', () => {
  it('puts each dated file under its own night, and the undated ones with the first night', async () => {
    // Noon to noon: 01:30 on the 3rd belongs to the night of the 2nd.
    for (const name of [
      'PT1_20140702_224038.wav',
      'PT1_20140703_013000.wav',
      'PT1_20140703_223000.wav',
      'PT1_20140705_230000.wav',
    ])
      await writeFile(join(dir, name), wav());
    await writeFile(join(dir, 'CONFIG.TXT'), 'gain=medium');
    const report = await runPreflight(dir, { tz: 'Europe/Paris' });
    const split = splitByNight(report, depositableFiles(report, { skipBlocking: false }));
    expect(split).toEqual([
      {
        night: '2014-07-02',
        relPaths: ['CONFIG.TXT', 'PT1_20140702_224038.wav', 'PT1_20140703_013000.wav'],
      },
      { night: '2014-07-03', relPaths: ['PT1_20140703_223000.wav'] },
      { night: '2014-07-05', relPaths: ['PT1_20140705_230000.wav'] },
    ]);
  });

  it('leaves out a night whose files are all left out, and gives no night to an undated folder', async () => {
    await writeFile(join(dir, 'PT1_20140702_224038.wav'), wav());
    await writeFile(join(dir, 'PT1_20140703_223000.wav'), wav());
    const report = await runPreflight(dir, { tz: 'Europe/Paris' });
    expect(splitByNight(report, ['PT1_20140703_223000.wav'])).toEqual([
      { night: '2014-07-03', relPaths: ['PT1_20140703_223000.wav'] },
    ]);
    await rm(join(dir, 'PT1_20140702_224038.wav'));
    await rm(join(dir, 'PT1_20140703_223000.wav'));
    await writeFile(join(dir, 'REC0001.WAV'), wav());
    const undated = await runPreflight(dir, { tz: 'Europe/Paris' });
    expect(splitByNight(undated, ['REC0001.WAV'])).toEqual([]);
  });
});
