import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { checkCommand } from '../../../electron/cli/checkCommand';
import type { CommandIo } from '../../../electron/cli/Command';
import { synthNight } from '../../../electron/field/synthNight';
import type { PreflightReport } from '../../../shared/field/PreflightReport';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'depot-check-'));
  await synthNight(dir, { files: 5, seed: 9, sizes: 'small' });
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const run = async (...argv: string[]): Promise<{ code: number; out: string; err: string }> => {
  const stdout = new PassThrough();
  const stderr = new PassThrough();
  let out = '';
  let err = '';
  stdout.on('data', (c: Buffer) => (out += c.toString()));
  stderr.on('data', (c: Buffer) => (err += c.toString()));
  const io: CommandIo = { stdout, stderr, env: {}, signal: new AbortController().signal };
  const code = await checkCommand.run(argv, io);
  return { code, out, err };
};

describe('depot check', () => {
  it('exits 0 and prints counts, night, time-zone source and metadata when nothing blocks', async () => {
    const { code, out } = await run(dir, '--tz', 'Europe/Paris');
    expect(code).toBe(0);
    expect(out).toMatch(/Files: 5 \(.* MB\): valid 5, empty 0/);
    expect(out).toMatch(/Nights: 2026-06-12 \(5 files, 2026-06-12T2.*\+02:00 -> /);
    expect(out).toMatch(/Time zone: UTC\+02:00 \(the files' own UTC offsets/);
    expect(out).toMatch(/Recorder: Depot SynthNight, serial [0-9A-F]{8}/);
    expect(out).toMatch(/Nothing blocks the deposit\./);
  });

  it('exits 3 on a blocking problem, with the message in the chosen language', async () => {
    await writeFile(join(dir, 'SITE01_20260613_030000.wav'), 'RIFF but not really a wave file');
    const en = await run(dir);
    expect(en.code).toBe(3);
    expect(en.out).toMatch(/\[block\] SITE01_20260613_030000\.wav: not-wav: Has a \.wav extension/);
    const fr = await run(dir, '--lang', 'fr');
    expect(fr.out).toMatch(/n’est pas un fichier WAV lisible/);
  });

  it('--json prints the report as one object', async () => {
    const { code, out } = await run(dir, '--json');
    expect(code).toBe(0);
    const report = JSON.parse(out) as PreflightReport;
    expect(report.totalFiles).toBe(5);
    expect(report.nights).toHaveLength(1);
    expect(out.trim().split('\n')).toHaveLength(1);
  });

  it('exits 2 for a missing folder, an unknown zone or bad arguments', async () => {
    const missing = await run(join(dir, 'nope'));
    expect(missing.code).toBe(2);
    expect(missing.err).toMatch(/does not exist/);
    expect((await run(dir, '--tz', 'Nowhere/Land')).code).toBe(2);
    expect((await run()).code).toBe(2);
    expect((await run(dir, '--bogus')).code).toBe(2);
  });
});
