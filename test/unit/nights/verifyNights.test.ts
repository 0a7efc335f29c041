import { createHash } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seededRandom } from '../../../shared/random/seededRandom';
import { RetryPolicy } from '../../../shared/retry/RetryPolicy';
import { askServer } from '../../../electron/nights/askServer';
import type { NightInputs } from '../../../electron/nights/NightInputs';
import { verifyNights } from '../../../electron/nights/verifyNights';
import type { VerifyReport } from '../../../electron/nights/VerifyReport';
import { fsSourceReader } from '../../../electron/runtime/fsSourceReader';
import { MemoryObjectStore } from '../../../electron/s3/MemoryObjectStore';
import { VirtualTime } from '../../support/VirtualTime';

const PREFIX = 'site/2024-06-01';
const FILES = { 'a.wav': 'first night file', 'b.wav': 'second night file' } as const;

const sha256 = (text: string): string => createHash('sha256').update(text).digest('hex');
const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

const manifest = (files: Readonly<Record<string, string>>): Uint8Array =>
  bytes(
    JSON.stringify({
      format: 'depot-manifest/1',
      completedAt: '2024-06-02T06:00:00Z',
      files: Object.entries(files).map(([name, text]) => ({
        key: `${PREFIX}/${name}`,
        size: bytes(text).length,
        sha256: sha256(text),
      })),
    }),
  );

let dir: string;
let time: VirtualTime;
let objects: MemoryObjectStore;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'depot-verify-'));
  for (const [name, text] of Object.entries(FILES)) writeFileSync(join(dir, name), text);
  // The memory store's deadlines run on the same virtual clock as the policy's.
  time = new VirtualTime(1_000_000);
  objects = new MemoryObjectStore({ bucket: 'nights', clock: time });
});

afterEach(() => {
  rmSync(dir, { recursive: true, force: true });
});

const night: NightInputs = {
  night: '2024-06-01',
  prefix: PREFIX,
  include: Object.keys(FILES),
  metadata: {} as NightInputs['metadata'],
};

const verify = (signal = new AbortController().signal, onNight?: (r: VerifyReport) => void) =>
  verifyNights([night], {
    objects,
    ask: askServer({
      policy: new RetryPolicy({ clock: time, sleeper: time, random: seededRandom(7) }),
      clock: time,
      signal,
    }),
    reader: fsSourceReader,
    signal,
    bucket: 'nights',
    root: dir,
    sizeOf: (relPath) =>
      relPath in FILES ? bytes(FILES[relPath as keyof typeof FILES]).length : undefined,
    readBack: false,
    ...(onNight === undefined ? {} : { onNight }),
  });

const seedAll = (): void => {
  for (const [name, text] of Object.entries(FILES)) objects.seed(`${PREFIX}/${name}`, bytes(text));
  objects.seed(`${PREFIX}/.depot/night-0123.json`, manifest(FILES));
};

describe('verifyNights: a typed outcome for each way a verification ends (issue 32)', () => {
  it('proves a night identical by the server’s ETags, with its manifest agreeing: clean', async () => {
    seedAll();
    const reports: VerifyReport[] = [];
    const outcome = await verify(undefined, (r) => reports.push(r));
    expect(outcome).toMatchObject({ kind: 'verified', clean: true });
    expect(reports).toEqual(outcome.nights);
    expect(outcome.nights[0]).toMatchObject({
      files: 2,
      verified: 2,
      missing: [],
      differing: [],
      unexpected: [],
      manifest: { present: true, key: `${PREFIX}/.depot/night-0123.json`, disagreements: [] },
    });
    // One listing page and the manifest's one read: nothing else asked of the server.
    expect(objects.requests.map((r) => r.operation)).toEqual(['listObjects', 'getObject']);
  });

  it('reports what differs, is missing or unexpected, and the manifest’s disagreements: not clean', async () => {
    objects.seed(`${PREFIX}/a.wav`, bytes('FIRST NIGHT FILE'));
    objects.seed(`${PREFIX}/stray.wav`, bytes('someone else'));
    objects.seed(`${PREFIX}/.depot/night-0123.json`, manifest({ 'a.wav': FILES['a.wav'] }));
    const outcome = await verify();
    expect(outcome).toMatchObject({ kind: 'verified', clean: false });
    expect(outcome.nights[0]).toMatchObject({
      verified: 0,
      missing: ['b.wav'],
      differing: [{ path: 'a.wav', reason: 'the server computed another checksum (ETag)' }],
      unexpected: [`${PREFIX}/stray.wav`],
      manifest: {
        present: true,
        disagreements: [{ key: `${PREFIX}/b.wav`, reason: 'not in the manifest' }],
      },
    });
  });

  it('says a key that may not list the night’s folder was refused, not "could not verify"', async () => {
    seedAll();
    objects.setPermissions({ denied: ['listObjects'] });
    const outcome = await verify();
    expect(outcome).toEqual({
      kind: 'stopped',
      stop: { kind: 'denied', action: 'list', where: `${PREFIX}/` },
      nights: [],
    });
  });

  it('stops with the question the server did not answer, concluding nothing', async () => {
    seedAll();
    objects.setBucketExists(false);
    const outcome = await verify();
    expect(outcome).toMatchObject({
      kind: 'stopped',
      stop: {
        kind: 'unanswered',
        operation: `ListObjects ${PREFIX}/`,
        reason: 'not-retryable',
        last: { kind: 'refused', status: 404, code: 'NoSuchBucket' },
      },
      nights: [],
    });
  });

  it('is interrupted by the command’s stop before asking anything', async () => {
    seedAll();
    const stop = new AbortController();
    stop.abort();
    const outcome = await verify(stop.signal);
    expect(outcome).toEqual({ kind: 'stopped', stop: { kind: 'interrupted' }, nights: [] });
    expect(objects.requests).toEqual([]);
  });
});
