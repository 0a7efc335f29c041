import { describe, expect, it } from 'vitest';
import type { PlannedSource } from '../../../shared/plan/decideSourceUpdate';
import { decideSourceUpdate } from '../../../shared/plan/decideSourceUpdate';

const planned = (relPath: string, over: Partial<PlannedSource> = {}): PlannedSource => ({
  relPath,
  size: 100,
  mtimeMs: 1_000.4,
  done: false,
  sourceFailed: false,
  uploadOpen: false,
  ...over,
});

describe('what a changed folder does to each unit of its plan', () => {
  const cases: readonly {
    readonly name: string;
    readonly plan: PlannedSource;
    readonly now: { size: number; mtimeMs: number } | undefined;
    readonly expected: unknown;
  }[] = [
    {
      name: 'unchanged and verified: kept, not sent again',
      plan: planned('a.wav', { done: true }),
      now: { size: 100, mtimeMs: 1_000.9 },
      expected: { kind: 'keep', relPath: 'a.wav' },
    },
    {
      name: 'grown while its upload was open: re-planned, upload aborted',
      plan: planned('a.wav', { uploadOpen: true }),
      now: { size: 150, mtimeMs: 2_000 },
      expected: {
        kind: 'replan',
        relPath: 'a.wav',
        why: 'size',
        wasDone: false,
        abortUpload: true,
        size: 150,
        mtimeMs: 2_000,
      },
    },
    {
      name: 'same size, touched: re-planned (the bytes may differ)',
      plan: planned('a.wav'),
      now: { size: 100, mtimeMs: 5_000 },
      expected: {
        kind: 'replan',
        relPath: 'a.wav',
        why: 'mtime',
        wasDone: false,
        abortUpload: false,
        size: 100,
        mtimeMs: 5_000,
      },
    },
    {
      name: 'changed after it was verified: re-planned and said so',
      plan: planned('a.wav', { done: true }),
      now: { size: 120, mtimeMs: 1_000 },
      expected: {
        kind: 'replan',
        relPath: 'a.wav',
        why: 'size',
        wasDone: true,
        abortUpload: false,
        size: 120,
        mtimeMs: 1_000,
      },
    },
    {
      name: 'failed as changed, now as planned: queued again',
      plan: planned('a.wav', { sourceFailed: true, uploadOpen: true }),
      now: { size: 100, mtimeMs: 1_000 },
      expected: {
        kind: 'replan',
        relPath: 'a.wav',
        why: 'failed',
        wasDone: false,
        abortUpload: true,
        size: 100,
        mtimeMs: 1_000,
      },
    },
    {
      name: 'gone with an open upload: removed, upload aborted',
      plan: planned('a.wav', { uploadOpen: true }),
      now: undefined,
      expected: { kind: 'remove', relPath: 'a.wav', abortUpload: true },
    },
    {
      name: 'gone after it was verified: removed (its object stays)',
      plan: planned('a.wav', { done: true }),
      now: undefined,
      expected: { kind: 'remove', relPath: 'a.wav', abortUpload: false },
    },
  ];
  for (const c of cases) {
    it(c.name, () => {
      const current = c.now === undefined ? [] : [{ relPath: 'a.wav', ...c.now }];
      expect(decideSourceUpdate([c.plan], current)).toEqual([c.expected]);
    });
  }

  it('answers in plan order, then the new files in the folder order', () => {
    const answer = decideSourceUpdate(
      [planned('b.wav'), planned('a.wav')],
      [
        { relPath: 'a.wav', size: 100, mtimeMs: 1_000 },
        { relPath: 'c.wav', size: 1, mtimeMs: 1 },
        { relPath: 'd.wav', size: 1, mtimeMs: 1 },
      ],
    );
    expect(answer.map((d) => `${d.kind} ${d.relPath}`)).toEqual([
      'remove b.wav',
      'keep a.wav',
      'add c.wav',
      'add d.wav',
    ]);
  });
});
