import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Portal, PortalFile } from '../../../shared/ports/Portal';
import type { Outcome } from '../../../shared/retry/Outcome';
import type { AskServer } from '../../../electron/nights/askServer';
import type { NightInputs } from '../../../electron/nights/NightInputs';
import { verifyPortalNight } from '../../../electron/nights/verifyPortalNight';
import { fsSourceReader } from '../../../electron/runtime/fsSourceReader';

const FILES = { 'a.wav': 'first file', 'b.wav': 'second file', 'c.wav': 'third file' } as const;
const NAMES = new Map(Object.keys(FILES).map((f) => [f, `N-${f}`]));
const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'depot-verify-portal-'));
  for (const [name, text] of Object.entries(FILES)) writeFileSync(join(dir, name), text);
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const night: NightInputs = {
  prefix: '',
  include: Object.keys(FILES),
  metadata: {} as NightInputs['metadata'],
  names: NAMES,
};

/** One attempt per question: the portal's answer, or the policy giving up on it. */
const ask: AskServer = async (_q, emit) => {
  const o = await emit({ deadline: Number.MAX_SAFE_INTEGER });
  return o.kind === 'success'
    ? { kind: 'success', value: o.value, attempts: 1 }
    : { kind: 'gave-up', reason: 'not-retryable', last: o, attempts: 1, doNotInsist: false };
};

/** A portal holding `files` (one per page), each read back as `held[name]`. */
const portalOf = (
  files: readonly PortalFile[],
  held: Readonly<Record<string, string>> = {},
  listing?: Outcome<never>,
) =>
  ({
    endpoint: 'https://portal.example',
    target: { kind: 'vigiechiro', api: 'https://portal.example/api' },
    listFilesPage: ({ page = 1 }: { page?: number | undefined }) =>
      Promise.resolve(
        listing ?? {
          kind: 'success',
          value: {
            items: files.slice(page - 1, page),
            ...(page < files.length ? { next: page + 1 } : {}),
          },
        },
      ),
    readTarget: ({ fileId }: { fileId: string }) =>
      Promise.resolve({
        kind: 'success',
        value: {
          kind: 'readable',
          url: `https://store.example/${fileId}`,
          endpoint: 'https://store.example',
        },
      }),
    readBytes: ({ url }: { url: string }) => {
      const name = files.find((f) => url.endsWith(f.fileId))?.name ?? '';
      const text = held[name];
      return Promise.resolve({
        kind: 'success',
        value: text === undefined ? { kind: 'absent' } : { kind: 'bytes', bytes: bytes(text) },
      });
    },
  }) as unknown as Pick<
    Portal,
    'endpoint' | 'target' | 'listFilesPage' | 'readTarget' | 'readBytes'
  >;

const verify = (portal: ReturnType<typeof portalOf>, readBack: boolean) =>
  verifyPortalNight(night, {
    portal,
    ask,
    reader: fsSourceReader,
    signal: new AbortController().signal,
    participation: 'P1',
    root: dir,
    sizeOf: (relPath) => bytes(FILES[relPath as keyof typeof FILES]).length,
    readBack,
  });

const file = (name: string, available = true): PortalFile => ({
  fileId: `id-${name}`,
  name,
  available,
});

describe('verifyPortalNight', () => {
  it('finds each name on the portal over every page, and says what is missing, unavailable or not ours', async () => {
    const outcome = await verify(
      portalOf([file('N-a.wav'), file('N-b.wav', false), file('other.wav')]),
      false,
    );
    expect(outcome).toEqual({
      kind: 'verified',
      clean: false,
      report: {
        api: 'https://portal.example/api',
        participation: 'P1',
        files: 3,
        verified: 1,
        readBack: false,
        missing: ['c.wav'],
        notAvailable: ['b.wav'],
        differing: [],
        unexpected: ['other.wav'],
      },
    });
  });

  it('with readBack, compares the bytes read through the signed URL with the local file', async () => {
    const outcome = await verify(
      portalOf([file('N-a.wav'), file('N-b.wav'), file('N-c.wav')], {
        'N-a.wav': 'first file',
        'N-b.wav': 'other bytes',
      }),
      true,
    );
    expect(outcome).toMatchObject({
      kind: 'verified',
      clean: false,
      report: {
        verified: 1,
        missing: ['c.wav'],
        differing: [
          { path: 'b.wav', reason: expect.stringContaining('SHA-256 differs') as string },
        ],
      },
    });
  });

  it('concludes nothing when the portal no longer takes the sign-in, or does not answer', async () => {
    const signedOut = await verify(portalOf([], {}, { kind: 'refused', status: 401 }), false);
    expect(signedOut).toEqual({ kind: 'stopped', stop: { kind: 'signed-out' } });
    const down = await verify(portalOf([], {}, { kind: 'refused', status: 503 }), false);
    expect(down).toMatchObject({
      kind: 'stopped',
      stop: { kind: 'unanswered', operation: 'ListFiles P1', last: { status: 503 } },
    });
  });
});
