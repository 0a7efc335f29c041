import { createHash, randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { EmissionOptions, ObjectStore } from '../../shared/ports/ObjectStore';
import type { Outcome } from '../../shared/retry/Outcome';
import type { Page } from '../../shared/wire/PagedListing';

export type ContractSubject = { readonly store: ObjectStore; cleanup(): Promise<void> };

/** Variants an adapter must be able to build: the error cases of the contract. */
export type ContractSetup = {
  readonly bucket?: 'missing';
  readonly credentials?: 'wrong';
};

/**
 * Where a real server knowingly departs from S3, asserted as it is (so the engine's authors see
 * it, and the test says so the day the server changes) rather than skipped.
 */
export type ServerDeviations = {
  /** CompleteMultipartUpload of an upload that is gone: this answer instead of 404 NoSuchUpload. */
  readonly completeGoneUpload?: { readonly status: number; readonly code: string };
  /** CompleteMultipartUpload ignores `If-None-Match: *` and replaces an existing object. */
  readonly completeIgnoresIfNoneMatch?: boolean;
};

// The smallest non-last part S3 (and radosgw) accepts at CompleteMultipartUpload.
const MIN_PART = 5 * 1024 * 1024;
const AUTH_CODES = ['InvalidAccessKeyId', 'SignatureDoesNotMatch', 'AccessDenied', 'Forbidden'];

const md5 = (bytes: Uint8Array) => createHash('md5').update(bytes).digest();
const md5Base64 = (bytes: Uint8Array) => md5(bytes).toString('base64');
const quotedMd5 = (bytes: Uint8Array) => `"${md5(bytes).toString('hex')}"`;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const options = (extra: Partial<EmissionOptions> = {}): EmissionOptions => ({
  deadline: Date.now() + 120_000,
  ...extra,
});

/** The value of a success, or a failed expectation that says what came instead. */
const valueOf = <T>(outcome: Outcome<T>): T => {
  expect(outcome).toMatchObject({ kind: 'success' });
  if (outcome.kind !== 'success') throw new Error('unreachable');
  return outcome.value;
};

/** Every page of a listing, in order, and how many pages it took (the suite's stores page by 3). */
const allPages = async <T, C>(
  fetch: (cursor: C | undefined) => Promise<Outcome<Page<T, C>>>,
): Promise<{ readonly items: T[]; readonly pages: number }> => {
  const items: T[] = [];
  let cursor: C | undefined;
  for (let pages = 1; ; pages++) {
    const page = valueOf(await fetch(cursor));
    items.push(...page.items);
    if (page.next === undefined) return { items, pages };
    cursor = page.next;
  }
};

/**
 * One contract, every adapter of the ObjectStore port (STYLE: one port, two adapters, one suite).
 * `make` builds a store on a fresh, empty bucket (or, for a setup, on a missing bucket or with
 * wrong credentials); each test works under its own key prefix.
 */
export const objectStoreContract = (
  name: string,
  make: (setup?: ContractSetup) => Promise<ContractSubject>,
  deviations: ServerDeviations = {},
): void => {
  describe(`ObjectStore contract: ${name}`, () => {
    let subject: ContractSubject;
    let store: ObjectStore;
    let dir: string;
    let n = 0;
    const prefix = () => `night-${++n}-${randomBytes(3).toString('hex')}`;

    beforeAll(async () => {
      subject = await make();
      store = subject.store;
      dir = await mkdtemp(join(tmpdir(), 'depot-contract-'));
    });
    afterAll(async () => {
      await subject?.cleanup();
      if (dir !== undefined) await rm(dir, { recursive: true, force: true });
    });

    it('puts an object, and heads it back: size, ETag, metadata', async () => {
      const key = `${prefix()}/a.wav`;
      const bytes = randomBytes(100_000);
      let reported = 0;
      const put = valueOf(
        await store.putObject(
          {
            key,
            body: { kind: 'bytes', bytes },
            md5Base64: md5Base64(bytes),
            metadata: { sha256: sha256(bytes), 'depot-plan': 'p1' },
            ifNoneMatch: true,
            contentType: 'audio/wav',
          },
          options({ onBytesSent: (total) => (reported = total) }),
        ),
      );
      expect(put.etag).toBe(quotedMd5(bytes));
      expect(reported).toBe(bytes.length);
      const head = valueOf(await store.headObject({ key }, options()));
      expect(head).toMatchObject({ size: bytes.length, etag: quotedMd5(bytes) });
      expect(head?.metadata).toMatchObject({ sha256: sha256(bytes), 'depot-plan': 'p1' });
    });

    it('sends the same Body afresh on a second emission, only the bytes it holds', async () => {
      const content = randomBytes(300_000);
      const range = content.subarray(1000, 201_000);
      const key = `${prefix()}/range.wav`;
      const body = { kind: 'bytes', bytes: range } as const;
      const input = { key, body, md5Base64: md5Base64(range), metadata: {}, ifNoneMatch: false };
      valueOf(await store.putObject(input, options()));
      // The same Body again: a stream sent once is spent, the adapter must open a new one.
      valueOf(await store.putObject(input, options()));
      const head = valueOf(await store.headObject({ key }, options()));
      expect(head).toMatchObject({ size: range.length, etag: quotedMd5(range) });
    });

    it('refuses to overwrite with If-None-Match: 412, and the object is unchanged', async () => {
      const key = `${prefix()}/b.wav`;
      const first = randomBytes(1000);
      const second = randomBytes(2000);
      const put = (bytes: Uint8Array) =>
        store.putObject(
          {
            key,
            body: { kind: 'bytes', bytes },
            md5Base64: md5Base64(bytes),
            metadata: {},
            ifNoneMatch: true,
          },
          options(),
        );
      valueOf(await put(first));
      expect(await put(second)).toMatchObject({ kind: 'refused', status: 412 });
      expect(valueOf(await store.headObject({ key }, options()))).toMatchObject({
        size: 1000,
        etag: quotedMd5(first),
      });
    });

    it('refuses a body whose Content-MD5 is wrong (BadDigest), storing nothing', async () => {
      const key = `${prefix()}/bad.wav`;
      const bytes = randomBytes(5000);
      const outcome = await store.putObject(
        {
          key,
          body: { kind: 'bytes', bytes },
          md5Base64: md5Base64(randomBytes(5000)),
          metadata: {},
          ifNoneMatch: false,
        },
        options(),
      );
      expect(outcome).toMatchObject({ kind: 'refused', status: 400, code: 'BadDigest' });
      expect(valueOf(await store.headObject({ key }, options()))).toBeUndefined();
    });

    it('heads a missing key as success(undefined): an answer, not a failure', async () => {
      expect(await store.headObject({ key: `${prefix()}/none.wav` }, options())).toEqual({
        kind: 'success',
        value: undefined,
      });
    });

    it('gets an object back whole; a missing key is success(undefined)', async () => {
      const key = `${prefix()}/depot-manifest.json`;
      const bytes = Buffer.from(JSON.stringify({ files: [{ key: 'a.wav', size: 3 }] }));
      valueOf(
        await store.putObject(
          {
            key,
            body: { kind: 'bytes', bytes },
            md5Base64: md5Base64(bytes),
            metadata: {},
            ifNoneMatch: true,
          },
          options(),
        ),
      );
      const got = valueOf(await store.getObject({ key, maxBytes: 1024 }, options()));
      expect(got.kind === 'bytes' && Buffer.from(got.bytes).equals(bytes)).toBe(true);
      expect(await store.getObject({ key: `${prefix()}/none`, maxBytes: 10 }, options())).toEqual({
        kind: 'success',
        value: { kind: 'absent' },
      });
    });

    it('answers a body longer than maxBytes as too large, without reading it', async () => {
      const key = `${prefix()}/big.json`;
      const bytes = randomBytes(64 * 1024);
      valueOf(
        await store.putObject(
          {
            key,
            body: { kind: 'bytes', bytes },
            md5Base64: md5Base64(bytes),
            metadata: {},
            ifNoneMatch: true,
          },
          options(),
        ),
      );
      // An answer the server gave (200 with its length), not a refusal it never sent.
      expect(await store.getObject({ key, maxBytes: 1000 }, options())).toEqual({
        kind: 'success',
        value: { kind: 'too-large', size: bytes.length },
      });
      // Exactly at the limit is fine.
      const exact = valueOf(await store.getObject({ key, maxBytes: bytes.length }, options()));
      expect(exact.kind === 'bytes' && exact.bytes.length).toBe(bytes.length);
    });

    it('finds a route to its endpoint, sending nothing', async () => {
      expect(await store.checkRoute()).toEqual({ kind: 'success', value: undefined });
    });

    it('lists a prefix with max-keys 0 as its probe: a ListBucketResult, nothing listed', async () => {
      expect(await store.probeListing({ prefix: 'night/' }, options())).toEqual({
        kind: 'success',
        value: { listBucketResult: true },
      });
    });

    describe('multipart', () => {
      const part1 = randomBytes(MIN_PART);
      const part2 = randomBytes(1234);
      const whole = Buffer.concat([part1, part2]);
      const multipartEtag = `"${md5(Buffer.concat([md5(part1), md5(part2)])).toString('hex')}-2"`;

      const startUpload = async (key: string) => {
        const { uploadId } = valueOf(
          await store.createMultipartUpload(
            { key, metadata: { sha256: sha256(whole) }, contentType: 'audio/wav' },
            options(),
          ),
        );
        const etags: { partNumber: number; etag: string }[] = [];
        for (const [i, bytes] of [part1, part2].entries()) {
          const sent = valueOf(
            await store.uploadPart(
              {
                key,
                uploadId,
                partNumber: i + 1,
                body: { kind: 'bytes', bytes },
                md5Base64: md5Base64(bytes),
              },
              options(),
            ),
          );
          expect(sent.etag).toBe(quotedMd5(bytes));
          etags.push({ partNumber: i + 1, etag: sent.etag });
        }
        return { uploadId, parts: etags };
      };

      it('creates, uploads parts, lists parts and uploads, completes; the object is whole', async () => {
        const p = prefix();
        const key = `${p}/big.wav`;
        const { uploadId, parts } = await startUpload(key);

        expect(valueOf(await store.listPartsPage({ key, uploadId }, options()))).toEqual({
          items: [
            { partNumber: 1, size: part1.length, etag: quotedMd5(part1) },
            { partNumber: 2, size: part2.length, etag: quotedMd5(part2) },
          ],
        });
        const open = valueOf(await store.listUploadsPage({ prefix: p }, options()));
        expect(open.items.map((u) => [u.key, u.uploadId])).toEqual([[key, uploadId]]);
        expect(open.next).toBeUndefined();

        valueOf(
          await store.completeMultipartUpload(
            { key, uploadId, parts, ifNoneMatch: true },
            options(),
          ),
        );
        const head = valueOf(await store.headObject({ key }, options()));
        expect(head).toMatchObject({ size: whole.length, etag: multipartEtag });
        expect(head?.metadata).toMatchObject({ sha256: sha256(whole) });
        expect(valueOf(await store.listUploadsPage({ prefix: p }, options()))).toEqual({
          items: [],
        });
      });

      it('lists many parts across pages, one page a call', async () => {
        const key = `${prefix()}/many.wav`;
        const { uploadId } = valueOf(
          await store.createMultipartUpload({ key, metadata: {} }, options()),
        );
        const small = randomBytes(100);
        for (let partNumber = 1; partNumber <= 7; partNumber++) {
          const body = { kind: 'bytes', bytes: small } as const;
          const input = { key, uploadId, partNumber, body, md5Base64: md5Base64(small) };
          valueOf(await store.uploadPart(input, options()));
        }
        const listed = await allPages((marker?: string) =>
          store.listPartsPage({ key, uploadId, marker }, options()),
        );
        expect(listed.items.map((part) => part.partNumber)).toEqual([1, 2, 3, 4, 5, 6, 7]);
        expect(listed.pages).toBe(3);
        valueOf(await store.abortMultipartUpload({ key, uploadId }, options()));
      });

      it('refuses a part whose Content-MD5 is wrong (BadDigest)', async () => {
        const key = `${prefix()}/badpart.wav`;
        const { uploadId } = valueOf(
          await store.createMultipartUpload({ key, metadata: {} }, options()),
        );
        const outcome = await store.uploadPart(
          {
            key,
            uploadId,
            partNumber: 1,
            body: { kind: 'bytes', bytes: part2 },
            md5Base64: md5Base64(part1),
          },
          options(),
        );
        expect(outcome).toMatchObject({ kind: 'refused', status: 400, code: 'BadDigest' });
        expect(valueOf(await store.listPartsPage({ key, uploadId }, options()))).toEqual({
          items: [],
        });
        valueOf(await store.abortMultipartUpload({ key, uploadId }, options()));
      });

      it('aborts an upload, and it is gone (not listed, its parts NoSuchUpload)', async () => {
        const p = prefix();
        const key = `${p}/aborted.wav`;
        const { uploadId } = await startUpload(key);
        valueOf(await store.abortMultipartUpload({ key, uploadId }, options()));
        expect(valueOf(await store.listUploadsPage({ prefix: p }, options()))).toEqual({
          items: [],
        });
        expect(await store.listPartsPage({ key, uploadId }, options())).toMatchObject({
          kind: 'refused',
          status: 404,
          code: 'NoSuchUpload',
        });
      });

      it('refuses to complete an upload that is gone: NoSuchUpload (ask HeadObject)', async () => {
        const key = `${prefix()}/gone.wav`;
        const { uploadId, parts } = await startUpload(key);
        valueOf(await store.abortMultipartUpload({ key, uploadId }, options()));
        const outcome = await store.completeMultipartUpload(
          { key, uploadId, parts, ifNoneMatch: true },
          options(),
        );
        const gone = deviations.completeGoneUpload ?? { status: 404, code: 'NoSuchUpload' };
        expect(outcome).toMatchObject({ kind: 'refused', ...gone });
        expect(valueOf(await store.headObject({ key }, options()))).toBeUndefined();
      });

      it('refuses to complete over an existing key with If-None-Match: 412', async () => {
        const key = `${prefix()}/exists.wav`;
        const other = randomBytes(10);
        valueOf(
          await store.putObject(
            {
              key,
              body: { kind: 'bytes', bytes: other },
              md5Base64: md5Base64(other),
              metadata: {},
              ifNoneMatch: true,
            },
            options(),
          ),
        );
        const { uploadId, parts } = await startUpload(key);
        const outcome = await store.completeMultipartUpload(
          { key, uploadId, parts, ifNoneMatch: true },
          options(),
        );
        if (deviations.completeIgnoresIfNoneMatch === true) {
          // The server replaced the object: the engine must HeadObject before completing.
          valueOf(outcome);
          expect(valueOf(await store.headObject({ key }, options()))).toMatchObject({
            size: whole.length,
          });
          return;
        }
        expect(outcome).toMatchObject({ kind: 'refused', status: 412 });
        expect(valueOf(await store.headObject({ key }, options()))).toMatchObject({ size: 10 });
        await store.abortMultipartUpload({ key, uploadId }, options());
      });
    });

    it('lists every object under a prefix, one page a call, and nothing outside it', async () => {
      const p = prefix();
      const keys = Array.from({ length: 7 }, (_, i) => `${p}/f${i}.wav`);
      for (const [i, key] of [...keys, `${p}-other/x.wav`].entries()) {
        const bytes = randomBytes(10 + i);
        const body = { kind: 'bytes', bytes } as const;
        valueOf(
          await store.putObject(
            { key, body, md5Base64: md5Base64(bytes), metadata: {}, ifNoneMatch: false },
            options(),
          ),
        );
      }
      const listed = await allPages((token?: string) =>
        store.listObjectsPage({ prefix: `${p}/`, token }, options()),
      );
      expect(listed.items.map((o) => [o.key, o.size])).toEqual(keys.map((k, i) => [k, 10 + i]));
      expect(listed.pages).toBe(3);
    });

    it('does not start an emission past its deadline, nor after the caller aborted', async () => {
      const key = `${prefix()}/late.wav`;
      // An hour past on any clock: the store's own (monotonic) clock may read a few ms behind
      // Date.now() in a worker that has run long, so "1 ms ago" was not past for it.
      const past = Date.now() - 3_600_000;
      expect(await store.headObject({ key }, options({ deadline: past }))).toEqual({
        kind: 'unreachable',
        reason: 'timeout',
      });
      const controller = new AbortController();
      controller.abort();
      expect(await store.headObject({ key }, options({ signal: controller.signal }))).toEqual({
        kind: 'aborted',
      });
    });

    it('says NoSuchBucket for a bucket that does not exist', async () => {
      const missing = await make({ bucket: 'missing' });
      try {
        expect(await missing.store.probeListing({ prefix: 'p/' }, options())).toMatchObject({
          kind: 'refused',
          status: 404,
          code: 'NoSuchBucket',
        });
        const bytes = randomBytes(10);
        const body = { kind: 'bytes', bytes } as const;
        const put = await missing.store.putObject(
          { key: 'k', body, md5Base64: md5Base64(bytes), metadata: {}, ifNoneMatch: true },
          options(),
        );
        expect(put).toMatchObject({ kind: 'refused', status: 404, code: 'NoSuchBucket' });
        expect(await missing.store.getObject({ key: 'k', maxBytes: 10 }, options())).toMatchObject({
          kind: 'refused',
          status: 404,
          code: 'NoSuchBucket',
        });
      } finally {
        await missing.cleanup();
      }
    });

    it('says 403 with an authentication code for wrong credentials', async () => {
      const wrong = await make({ credentials: 'wrong' });
      try {
        const bytes = randomBytes(10);
        const body = { kind: 'bytes', bytes } as const;
        const put = await wrong.store.putObject(
          { key: 'k', body, md5Base64: md5Base64(bytes), metadata: {}, ifNoneMatch: true },
          options(),
        );
        expect(put).toMatchObject({ kind: 'refused', status: 403 });
        expect(AUTH_CODES).toContain(put.kind === 'refused' ? put.code : undefined);
        expect(await wrong.store.probeListing({ prefix: 'p/' }, options())).toMatchObject({
          kind: 'refused',
          status: 403,
        });
      } finally {
        await wrong.cleanup();
      }
    });
  });
};
