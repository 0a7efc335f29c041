import { createHash } from 'node:crypto';
import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { synthNight } from '../../../electron/field/synthNight';

let dir: string;
beforeEach(async () => {
  dir = await mkdtemp(join(tmpdir(), 'depot-synth-'));
});
afterEach(async () => {
  await rm(dir, { recursive: true, force: true });
});

const digestOf = async (folder: string): Promise<string[]> => {
  const names = (await readdir(folder)).sort();
  return Promise.all(
    names.map(
      async (n) =>
        `${n}:${createHash('sha256')
          .update(await readFile(join(folder, n)))
          .digest('hex')}`,
    ),
  );
};

describe('synthNight', () => {
  it('is deterministic for a seed and different for another seed', async () => {
    const a = await synthNight(join(dir, 'a'), { files: 6, seed: 42, sizes: 'small' });
    const b = await synthNight(join(dir, 'b'), { files: 6, seed: 42, sizes: 'small' });
    await synthNight(join(dir, 'c'), { files: 6, seed: 43, sizes: 'small' });
    expect(a).toEqual(b);
    expect(await digestOf(join(dir, 'a'))).toEqual(await digestOf(join(dir, 'b')));
    expect(await digestOf(join(dir, 'c'))).not.toEqual(await digestOf(join(dir, 'a')));
  });

  it('names files after their local start time between 21:00 and 06:00 and sums their sizes', async () => {
    const result = await synthNight(dir, {
      files: 40,
      seed: 1,
      sizes: 'small',
      start: '2026-06-12T21:00:00+02:00',
    });
    const names = (await readdir(dir)).sort();
    expect(names).toHaveLength(40);
    expect(new Set(names).size).toBe(40);
    let total = 0;
    for (const name of names) {
      const m = /^SITE01_(\d{8})_(\d{2})(\d{2})(\d{2})\.wav$/.exec(name);
      expect(m).not.toBeNull();
      const minutes = Number(m![2]) * 60 + Number(m![3]);
      const ok =
        (m![1] === '20260612' && minutes >= 21 * 60) || (m![1] === '20260613' && minutes < 6 * 60);
      expect(ok, name).toBe(true);
      total += (await stat(join(dir, name))).size;
    }
    expect(result).toEqual({ files: 40, bytes: total });
  });

  it('scales sizes to a requested total', async () => {
    const result = await synthNight(dir, { files: 10, seed: 3, totalBytes: 5_000_000 });
    expect(result.bytes).toBeGreaterThan(4_990_000);
    expect(result.bytes).toBeLessThan(5_010_000);
  });
});
