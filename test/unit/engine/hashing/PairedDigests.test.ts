import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FileDigests } from '../../../../electron/engine/hashing/FileDigest';
import type { HashWorkerReply } from '../../../../electron/engine/hashing/HashWorkerMessage';
import { PairedDigests } from '../../../../electron/engine/hashing/PairedDigests';

const MiB = 1024 * 1024;
const md5 = (bytes: Uint8Array): string => createHash('md5').update(bytes).digest('hex');

/** Deterministic bytes, each file its own. */
const fileOf = (size: number, seed: number): Buffer => {
  const out = Buffer.alloc(size);
  let x = seed | 1;
  for (let i = 0; i < size; i += 4) {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    out.writeInt32LE(x, Math.min(i, size - 4));
  }
  return out;
};

/** The worker's replies, and each file's chunks of 1 MiB as the main thread sends them. */
const harness = () => {
  const replies: HashWorkerReply[] = [];
  const digests = new PairedDigests((reply) => replies.push(reply));
  const send = (id: number, bytes: Buffer, index: number): void => {
    const chunk = bytes.subarray(index * MiB, (index + 1) * MiB);
    const buffer = new ArrayBuffer(chunk.length);
    new Uint8Array(buffer).set(chunk);
    digests.chunk(id, { buffer, offset: 0, length: chunk.length });
  };
  const taken = (id: number): number =>
    replies.filter((r) => r.kind === 'taken' && r.id === id).length;
  const done = (id: number): FileDigests | undefined => {
    const reply = replies.find((r) => r.kind === 'done' && r.id === id);
    return reply?.kind === 'done' ? reply.digests : undefined;
  };
  return { digests, send, taken, done };
};

const expectDigestsOf = (got: FileDigests | undefined, bytes: Buffer, partSize: number): void => {
  expect(got?.sha256).toBe(createHash('sha256').update(bytes).digest('hex'));
  expect(got?.md5).toBe(md5(bytes));
  expect(got?.length).toBe(bytes.length);
  const parts = [];
  for (let offset = 0; offset < bytes.length; offset += partSize) {
    parts.push(md5(bytes.subarray(offset, offset + partSize)));
  }
  expect(got?.parts.map((p) => p.md5)).toEqual(parts);
};

describe('the hash worker’s files, two at once (ADR 0025)', () => {
  it('holds a chunk of one file until the other’s next comes, then hashes both; digests as node:crypto’s', () => {
    const { digests, send, taken, done } = harness();
    const a = fileOf(7 * MiB + 3, 1);
    const b = fileOf(6 * MiB, 2);
    digests.begin(1, a.length, 5 * MiB);
    digests.begin(2, b.length, 3 * MiB);
    send(1, a, 0);
    expect(taken(1)).toBe(0);
    send(2, b, 0);
    expect([taken(1), taken(2)]).toEqual([1, 1]);
    for (let i = 1; i < 6; i++) {
      send(1, a, i);
      expect(taken(1)).toBe(i);
      send(2, b, i);
      expect([taken(1), taken(2)]).toEqual([i + 1, i + 1]);
    }
    digests.end(2);
    expectDigestsOf(done(2), b, 3 * MiB);
    // Its partner ended: the rest of the first file goes alone, its tail too.
    send(1, a, 6);
    send(1, a, 7);
    expect(taken(1)).toBe(8);
    digests.end(1);
    expectDigestsOf(done(1), a, 5 * MiB);
  });

  it('does not hold a chunk when the partner is cancelled, cannot pair, or it has ended itself', () => {
    const { digests, send, taken, done } = harness();
    const a = fileOf(3 * MiB, 3);
    const big = fileOf(2 * MiB, 4);
    digests.begin(1, a.length, MiB);
    digests.begin(2, a.length, MiB);
    send(1, a, 0);
    expect(taken(1)).toBe(0);
    digests.cancel(2);
    expect(taken(1)).toBe(1);
    // A file of one part (one MD5, no pair) is no partner, and is never held.
    digests.begin(3, big.length, 8 * MiB);
    send(1, a, 1);
    send(3, big, 0);
    expect([taken(1), taken(3)]).toEqual([2, 1]);
    digests.begin(4, a.length, MiB);
    send(1, a, 2);
    expect(taken(1)).toBe(2);
    digests.end(1);
    expect(taken(1)).toBe(3);
    expectDigestsOf(done(1), a, MiB);
    send(3, big, 1);
    digests.end(3);
    expectDigestsOf(done(3), big, 8 * MiB);
  });
});
