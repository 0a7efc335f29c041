import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { Md5Pair } from '../../../../electron/engine/md5/Md5Pair';
import { fileMd5s } from '../../../../electron/engine/md5/fileMd5s';
import { MD5_PAIR_CHUNK, md5PairModule } from '../../../../electron/engine/md5/md5PairModule';

const md5 = (bytes: Uint8Array): string => createHash('md5').update(bytes).digest('hex');

/** Deterministic bytes (xorshift32), so a failure names the same case every time. */
const bytesOf = (length: number, seed: number): Uint8Array => {
  const out = new Uint8Array(length);
  let x = seed | 1;
  for (let i = 0; i < length; i++) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out[i] = x & 0xff;
  }
  return out;
};

/** Feeds `data` in chunks of the given lengths (cycled), closing parts as hashFile does. */
const hashInParts = (data: Uint8Array, partSize: number, chunks: number[]) => {
  const md5s = fileMd5s(data.length, partSize);
  const parts: string[] = [];
  let position = 0;
  let partStart = 0;
  let turn = 0;
  while (position < data.length) {
    const end = Math.min(data.length, position + (chunks[turn++ % chunks.length] ?? 1));
    // A chunk is split where a part ends, as hashFile's `take` does.
    while (position < end) {
      const cut = Math.min(end, partStart + partSize);
      md5s.update(data.subarray(position, cut));
      position = cut;
      if (position - partStart === partSize) {
        parts.push(md5s.digestPart());
        partStart = position;
      }
    }
  }
  if (position > partStart || parts.length === 0) parts.push(md5s.digestPart());
  return { parts, whole: md5s.digestWhole() };
};

const expected = (data: Uint8Array, partSize: number) => {
  const parts: string[] = [];
  for (let at = 0; at < data.length || parts.length === 0; at += partSize) {
    parts.push(md5(data.subarray(at, Math.min(data.length, at + partSize))));
  }
  return { parts, whole: data.length > partSize ? md5(data) : undefined };
};

describe('Md5Pair: a whole file and its parts in one two-lane pass', () => {
  it('runs in this runtime (Node 20 and Electron have WebAssembly SIMD)', () => {
    expect(md5PairModule()).not.toBeNull();
  });

  it('equals node:crypto for every part and the whole, at and around block and part edges', () => {
    for (const partSize of [64, 128, 192, 4096]) {
      for (const size of [
        partSize + 1,
        2 * partSize - 1,
        2 * partSize,
        2 * partSize + 55,
        2 * partSize + 56,
        3 * partSize + 63,
        5 * partSize + 64,
      ]) {
        const data = bytesOf(size, size * 31 + partSize);
        for (const chunks of [[size], [1], [7, 64, 1, 200], [63, 65]]) {
          expect(
            hashInParts(data, partSize, chunks),
            `size ${size}, parts of ${partSize}, chunks ${chunks.join(',')}`,
          ).toEqual(expected(data, partSize));
        }
      }
    }
  });

  it('takes chunks larger than its memory holds at once', () => {
    const data = bytesOf(3 * MD5_PAIR_CHUNK + 1000, 7);
    expect(hashInParts(data, 1024 * 1024, [data.length])).toEqual(expected(data, 1024 * 1024));
    expect(hashInParts(data, 64 * 1024, [MD5_PAIR_CHUNK + 17])).toEqual(expected(data, 64 * 1024));
  });

  it('counts lengths past 2^32 bits (files over 512 MiB) in the padding', () => {
    // The bit length's high word is only nonzero past 512 MiB: 513 MiB fed as one repeated MiB.
    const module = md5PairModule();
    if (module === null) throw new Error('no WebAssembly SIMD');
    const pair = new Md5Pair(module);
    const whole = createHash('md5');
    const mib = bytesOf(1024 * 1024, 11);
    for (let i = 0; i < 513; i++) {
      pair.update(mib);
      whole.update(mib);
      if (i % 5 === 4) pair.digestPart();
    }
    pair.update(mib.subarray(0, 3));
    whole.update(mib.subarray(0, 3));
    expect(pair.digestWhole()).toBe(whole.digest('hex'));
  });

  it('refuses bytes after a part that ended off a 64-byte boundary', () => {
    const module = md5PairModule();
    if (module === null) throw new Error('no WebAssembly SIMD');
    const pair = new Md5Pair(module);
    pair.update(bytesOf(100, 3));
    pair.digestPart();
    expect(() => pair.update(bytesOf(10, 4))).toThrow(/64-byte boundary/);
  });

  it('falls back to node:crypto for parts off 64-byte boundaries, and takes one MD5 for one part', () => {
    const data = bytesOf(1000, 5);
    expect(hashInParts(data, 100, [33])).toEqual(expected(data, 100));
    expect(hashInParts(data, 1000, [33])).toEqual({ parts: [md5(data)], whole: undefined });
    expect(hashInParts(new Uint8Array(0), 64, [1])).toEqual({
      parts: [md5(new Uint8Array(0))],
      whole: undefined,
    });
  });
});

describe('Md5Pair.updateWith: two files’ pairs in one four-lane pass (ADR 0025)', () => {
  const module = md5PairModule();
  /** Two files fed in turns of `step` bytes, paired where `paired(turn)`; parts closed on the way. */
  const hashTwo = (
    a: Uint8Array,
    b: Uint8Array,
    partSize: number,
    step: number,
    paired: (turn: number) => boolean,
  ) => {
    if (module === null) throw new Error('no WebAssembly SIMD');
    const pairs = [new Md5Pair(module), new Md5Pair(module)] as const;
    const parts: [string[], string[]] = [[], []];
    for (let at = 0, turn = 0; at < Math.max(a.length, b.length); at += step, turn += 1) {
      const chunks = [a.subarray(at, at + step), b.subarray(at, at + step)] as const;
      if (paired(turn)) pairs[0].updateWith(chunks[0], pairs[1], chunks[1]);
      else chunks.forEach((chunk, i) => pairs[i]?.update(chunk));
      for (const i of [0, 1] as const) {
        const end = at + chunks[i].length;
        if (chunks[i].length > 0 && (end % partSize === 0 || end === [a, b][i]?.length)) {
          parts[i].push(pairs[i].digestPart());
        }
      }
    }
    return pairs.map((pair, i) => ({ parts: parts[i], whole: pair.digestWhole() }));
  };

  it('gives each file the MD5s node:crypto gives, paired, alone, or both in turns', () => {
    const a = bytesOf(10 * MD5_PAIR_CHUNK + 4096, 3);
    const b = bytesOf(10 * MD5_PAIR_CHUNK + 4096 + 1000, 5);
    // Steps of 1.5 chunks: a pass longer than the module's input; parts of three steps, closed
    // between passes; b's last step is off a block: it goes alone.
    const step = MD5_PAIR_CHUNK + MD5_PAIR_CHUNK / 2;
    const partSize = 3 * step;
    for (const paired of [() => true, () => false, (turn: number) => turn % 3 !== 1]) {
      const [gotA, gotB] = hashTwo(a, b, partSize, step, paired);
      expect(gotA).toEqual(expected(a, partSize));
      expect(gotB).toEqual(expected(b, partSize));
    }
  });

  it('takes each alone where the lengths differ or one has bytes short of a block pending', () => {
    if (module === null) throw new Error('no WebAssembly SIMD');
    const a = bytesOf(4096 + 10, 11);
    const b = bytesOf(4096, 13);
    const [x, y] = [new Md5Pair(module), new Md5Pair(module)];
    x.updateWith(a.subarray(0, 10), y, b.subarray(0, 64));
    x.updateWith(a.subarray(10), y, b.subarray(64));
    expect([x.digestWhole(), y.digestWhole()]).toEqual([md5(a), md5(b)]);
  });
});
