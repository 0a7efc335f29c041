import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { FileDigests } from '../../../electron/hashing/FileDigest';
import type { HashWorkerReply } from '../../../electron/hashing/HashWorkerMessage';
import { WorkerDigests } from '../../../electron/hashing/WorkerDigests';

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
  const digests = new WorkerDigests((reply) => replies.push(reply));
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

describe('the hash worker’s files (ADR 0025)', () => {
  it('hashes each chunk as it comes, files interleaved; digests as node:crypto’s', () => {
    const { digests, send, taken, done } = harness();
    const a = fileOf(7 * MiB + 3, 1);
    const b = fileOf(6 * MiB, 2);
    digests.begin(1, a.length, 5 * MiB);
    digests.begin(2, b.length, 3 * MiB);
    for (let i = 0; i < 6; i++) {
      send(1, a, i);
      expect(taken(1)).toBe(i + 1);
      send(2, b, i);
      expect(taken(2)).toBe(i + 1);
    }
    digests.end(2);
    expectDigestsOf(done(2), b, 3 * MiB);
    send(1, a, 6);
    send(1, a, 7);
    expect(taken(1)).toBe(8);
    digests.end(1);
    expectDigestsOf(done(1), a, 5 * MiB);
  });

  it('a cancelled file is forgotten; a file of one part gives its one MD5 as the whole', () => {
    const { digests, send, taken, done } = harness();
    const a = fileOf(3 * MiB, 3);
    const small = fileOf(2 * MiB, 4);
    digests.begin(1, a.length, MiB);
    digests.begin(2, a.length, MiB);
    send(2, a, 0);
    digests.cancel(2);
    digests.end(2);
    expect(done(2)).toBeUndefined();
    digests.begin(3, small.length, 8 * MiB);
    for (let i = 0; i < 3; i++) send(1, a, i);
    send(3, small, 0);
    send(3, small, 1);
    expect([taken(1), taken(3)]).toEqual([3, 2]);
    digests.end(1);
    digests.end(3);
    expectDigestsOf(done(1), a, MiB);
    expectDigestsOf(done(3), small, 8 * MiB);
  });
});
