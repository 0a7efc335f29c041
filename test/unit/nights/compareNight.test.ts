import { describe, expect, it } from 'vitest';
import {
  filesToCompareWithManifest,
  manifestDisagreements,
  manifestKeysOf,
  readBackProof,
  sizeVerdict,
  unexpectedKeys,
} from '../../../electron/nights/compareNight';

const listed = (key: string, size = 10) => ({ key, size, etag: '"e"' });

describe('compareNight: the pure half of verifying a night', () => {
  it.each([
    [undefined, listed('p/a.wav'), { kind: 'missing' }],
    [10, undefined, { kind: 'missing' }],
    [9, listed('p/a.wav'), { kind: 'differs', reason: 'size 10 on the server, 9 here' }],
    [10, listed('p/a.wav'), { kind: 'same-size' }],
  ] as const)('sizeVerdict(%s, %o) is %o', (size, object, verdict) => {
    expect(sizeVerdict(size, object)).toEqual(verdict);
  });

  it.each([
    [{ kind: 'absent' }, { kind: 'missing' }],
    [
      { kind: 'too-large', size: 99 },
      { kind: 'different', why: 'size' },
    ],
    [{ kind: 'bytes', bytes: new Uint8Array([1]) }, { kind: 'same' }],
    [
      { kind: 'bytes', bytes: new Uint8Array([2]) },
      { kind: 'different', why: 'etag' },
    ],
  ] as const)('a read back of %o proves %o', (read, proof) => {
    const sha = (b: Uint8Array): string => String(b[0]);
    expect(readBackProof(read, sha, '1')).toEqual(proof);
  });

  it('finds the night’s manifests, and the legacy one unless it is a file of the folder', () => {
    const objects = [
      listed('p/.depot/night-1.json'),
      listed('p/depot-manifest.json'),
      listed('p/a.wav'),
      listed('p/.depot/conditional-check'),
    ];
    expect(manifestKeysOf(objects, 'p', new Set(['p/a.wav']))).toEqual([
      'p/.depot/night-1.json',
      'p/depot-manifest.json',
    ]);
    expect(manifestKeysOf(objects, 'p', new Set(['p/depot-manifest.json']))).toEqual([
      'p/.depot/night-1.json',
    ]);
  });

  it('counts as unexpected only what is neither the folder’s, Depot’s own, nor a manifest', () => {
    const objects = [
      listed('p/a.wav'),
      listed('p/other-night.wav'),
      listed('p/.depot/conditional-check'),
      listed('p/depot-manifest.json'),
      listed('p/stray.wav'),
    ];
    const folderKeys = new Set(['p/a.wav', 'p/other-night.wav']);
    expect(unexpectedKeys(objects, 'p', folderKeys, ['p/depot-manifest.json'])).toEqual([
      'p/stray.wav',
    ]);
  });

  it('lists every disagreement of the manifest, in its order, then the files it lacks', () => {
    const entries = [
      { key: 'p/a.wav', size: 10, sha256: 'sha-a' },
      { key: 'p/b.wav', size: 10, sha256: 'old' },
      { key: 'p/gone.wav', size: 5, sha256: null },
      { key: 'p/c.wav', size: 12, sha256: 'sha-c' },
    ];
    const remote = new Map([
      ['p/a.wav', listed('p/a.wav')],
      ['p/b.wav', listed('p/b.wav')],
      ['p/c.wav', listed('p/c.wav', 11)],
    ]);
    const localByKey = new Map([
      ['p/a.wav', 'a.wav'],
      ['p/b.wav', 'b.wav'],
      ['p/c.wav', 'c.wav'],
      ['p/d.wav', 'd.wav'],
    ]);
    const sizes: Record<string, number> = { 'a.wav': 10, 'b.wav': 10, 'c.wav': 11, 'd.wav': 1 };
    const sizeOf = (p: string): number | undefined => sizes[p];
    const shas: Record<string, string> = { 'a.wav': 'sha-a', 'b.wav': 'new' };
    expect(filesToCompareWithManifest(entries, localByKey, sizeOf)).toEqual(['a.wav', 'b.wav']);
    expect(manifestDisagreements(entries, remote, localByKey, sizeOf, (p) => shas[p])).toEqual([
      { key: 'p/b.wav', reason: 'the manifest SHA-256 differs from the local file' },
      { key: 'p/gone.wav', reason: 'in the manifest, not on the server' },
      { key: 'p/gone.wav', reason: 'in the manifest, no such local file' },
      { key: 'p/c.wav', reason: 'the manifest says 12 bytes, the server lists 11' },
      { key: 'p/c.wav', reason: 'the manifest says 12 bytes, 11 here' },
      { key: 'p/d.wav', reason: 'not in the manifest' },
    ]);
  });
});
