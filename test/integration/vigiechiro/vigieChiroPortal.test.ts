import { createHash, randomBytes } from 'node:crypto';
import { HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { VigieChiroPortal } from '../../../electron/portal/VigieChiroPortal';
import { systemClock } from '../../../electron/runtime/systemClock';
import { systemRandom } from '../../../electron/runtime/systemRandom';
import { timerSleeper } from '../../../electron/runtime/timerSleeper';
import type { EmissionOptions } from '../../../shared/ports/ObjectStore';
import type { Declared, PortalFile, UploadTarget } from '../../../shared/ports/Portal';
import type { Page } from '../../../shared/wire/PagedListing';
import { needsFreshUpload } from '../../../shared/portal/portalCallRules';
import { isRetryable } from '../../../shared/retry/isRetryable';
import type { Outcome } from '../../../shared/retry/Outcome';
import { RetryPolicy } from '../../../shared/retry/RetryPolicy';
import { fault } from '../../support/faultProxy';
import {
  portalBucketClient,
  startPortalLab,
  type PortalLab,
} from '../../support/vigiechiro/portalLab';
import { portalRequest } from '../../support/vigiechiro/portalRequest';

/*
 * The Vigie-Chiro adapter against the stand-in and radosgw, through a fault proxy in front of
 * each: one emission per call, each answer classified once into an Outcome, the API's reasons
 * kept as data. What the server holds afterwards is checked with an SDK client of the portal's
 * bucket, independent of the adapter.
 */

const md5 = (bytes: Uint8Array): string => createHash('md5').update(bytes).digest('hex');
const soon = (ms = 60_000): EmissionOptions => ({ deadline: Date.now() + ms });
let serial = 0;
/** A point-fixe name the portal accepts, a new one each call (facts §4). */
const nextName = (): string =>
  `Car640123-2026-Pass1-C1-OB-1_20260601_${String(220000 + serial++).padStart(6, '0')}_000.wav`;

const value = <T>(outcome: Outcome<T>): T => {
  if (outcome.kind !== 'success') throw new Error(`expected success: ${JSON.stringify(outcome)}`);
  return outcome.value;
};

const declared = (outcome: Outcome<Declared>): { fileId: string; upload: UploadTarget } => {
  const answer = value(outcome);
  if (answer.kind !== 'declared') throw new Error(`expected declared: ${JSON.stringify(answer)}`);
  return answer;
};

describe('VigieChiroPortal against the stand-in and radosgw (fault proxies in front of both)', () => {
  let lab: PortalLab;
  let portal: VigieChiroPortal;
  let token: string | undefined;
  let participation: string;
  let bucket: S3Client;

  const onServer = async (fileId: string) => {
    const doc = lab.standIn.fichiers().find((f) => f._id === fileId);
    if (doc === undefined) return undefined;
    try {
      const head = await bucket.send(
        new HeadObjectCommand({ Bucket: lab.standIn.s3.bucket, Key: doc.s3_id }),
      );
      return { doc, etag: head.ETag, size: head.ContentLength, type: head.ContentType };
    } catch {
      return { doc, etag: undefined, size: undefined, type: undefined };
    }
  };

  beforeAll(async () => {
    lab = await startPortalLab();
    token = lab.standIn.volunteer.token;
    portal = new VigieChiroPortal({ api: lab.api.endpoint, token: () => token, stallMs: 30_000 });
    bucket = portalBucketClient(lab.standIn);
    const created = await portal.createParticipation(
      {
        siteId: lab.standIn.volunteer.siteId,
        startsAt: Date.UTC(2026, 5, 1, 20),
        endsAt: Date.UTC(2026, 5, 2, 6, 30),
        point: 'C1',
      },
      soon(),
    );
    participation = value(created).id;
  });
  afterEach(async () => {
    lab.api.clearRules();
    lab.s3.clearRules();
    lab.api.clearLog();
    lab.s3.clearLog();
    lab.standIn.clearFaults();
    lab.standIn.setSignedUrlLifetime(36_000);
    token = lab.standIn.volunteer.token;
    await lab.api.setDown(false);
  });
  afterAll(async () => {
    portal.destroy();
    bucket.destroy();
    await lab.close();
  });

  const file = (size = 200_000) => {
    const bytes = randomBytes(size);
    return {
      name: nextName(),
      bytes,
      input: (name: string) => ({
        collectionId: participation,
        name,
        size: bytes.length,
        md5Hex: md5(bytes),
      }),
    };
  };

  describe('a night through the portal, call by call', () => {
    it('declare, PUT, confirm, list, read back, start the analysis: one request each', async () => {
      const f = file(600_000);
      const d = declared(await portal.declare(f.input(f.name), soon()));
      expect(lab.api.count(portalRequest.declare)).toBe(1);
      expect(d.upload.headers).toEqual({ 'content-type': 'audio/wav' });
      expect(d.upload.endpoint).toBe(lab.s3.endpoint);
      expect(d.upload.expiresAt).toBeGreaterThan(Date.now() + 9.9 * 3600 * 1000);

      let sent = 0;
      const put = await portal.putBytes(
        { upload: d.upload, body: { kind: 'bytes', bytes: f.bytes } },
        { ...soon(), onBytesSent: (total) => (sent = total) },
      );
      expect(value(put).etag).toBe(`"${md5(f.bytes)}"`);
      expect(sent).toBe(f.bytes.length);
      expect(lab.s3.count(portalRequest.signedPut)).toBe(1);

      expect(value(await portal.confirm({ fileId: d.fileId }, soon()))).toEqual({
        kind: 'confirmed',
      });
      expect(lab.api.count(portalRequest.finalize)).toBe(1);
      expect(await onServer(d.fileId)).toMatchObject({
        doc: { disponible: true },
        etag: `"${md5(f.bytes)}"`,
        size: f.bytes.length,
        type: 'audio/wav',
      });

      const listed = value(await portal.listFilesPage({ collectionId: participation }, soon()));
      expect(listed.items).toContainEqual({ fileId: d.fileId, name: f.name, available: true });

      const target = value(await portal.readTarget({ fileId: d.fileId }, soon()));
      if (target.kind !== 'readable') throw new Error('expected readable');
      expect(target.endpoint).toBe(lab.s3.endpoint);
      const read = value(await portal.readBytes({ url: target.url, maxBytes: 1 << 20 }, soon()));
      expect(read.kind === 'bytes' ? md5(read.bytes) : read.kind).toBe(md5(f.bytes));
      expect(lab.s3.count(portalRequest.signedGet)).toBe(1);
    });

    it('start the analysis once; a second start is "already planned", an answer', async () => {
      const own = value(
        await portal.createParticipation(
          { siteId: lab.standIn.volunteer.siteId, startsAt: Date.UTC(2026, 5, 3, 20) },
          soon(),
        ),
      );
      expect(value(await portal.startProcessing({ collectionId: own.id }, soon()))).toEqual({
        kind: 'started',
      });
      expect(value(await portal.startProcessing({ collectionId: own.id }, soon()))).toEqual({
        kind: 'already-planned',
        answer: { status: 400, detail: JSON.stringify({ etat: 'Already PLANIFIE' }) },
      });
      expect(lab.api.count(portalRequest.compute)).toBe(2);
    });

    it("lists a site's participations and the volunteer's own, with their dates and point", async () => {
      const ofSite = value(
        await portal.listParticipationsPage({ siteId: lab.standIn.volunteer.siteId }, soon()),
      );
      expect(ofSite.items).toContainEqual({
        id: participation,
        siteId: lab.standIn.volunteer.siteId,
        startsAt: Date.UTC(2026, 5, 1, 20),
        endsAt: Date.UTC(2026, 5, 2, 6, 30),
        point: 'C1',
      });
      const mine = value(await portal.listParticipationsPage({}, soon()));
      expect(mine.items.find((p) => p.id === participation)?.siteId).toBe(
        lab.standIn.volunteer.siteId,
      );
    });

    it('reads a listing one page per call, numbered from 1, the last without a next', async () => {
      const own = value(
        await portal.createParticipation(
          { siteId: lab.standIn.volunteer.siteId, startsAt: Date.UTC(2026, 5, 4, 20) },
          soon(),
        ),
      );
      const paged = new VigieChiroPortal({
        api: lab.api.endpoint,
        token: () => token,
        pageSize: 2,
      });
      try {
        const names = [nextName(), nextName(), nextName(), nextName(), nextName()];
        for (const name of names) {
          declared(
            await paged.declare({ collectionId: own.id, name, size: 1, md5Hex: '' }, soon()),
          );
        }
        lab.api.clearLog();
        const pages = [];
        let page: number | undefined = 1;
        while (page !== undefined) {
          const got: Page<PortalFile, number> = value(
            await paged.listFilesPage({ collectionId: own.id, page }, soon()),
          );
          pages.push(got.items.map((l) => l.name));
          expect(got.items.every((l) => !l.available)).toBe(true);
          page = got.next;
        }
        expect(pages).toEqual([names.slice(0, 2), names.slice(2, 4), names.slice(4)]);
        // One request per call: the log holds exactly the three pages asked.
        expect(
          lab.api
            .log()
            .filter((e) => portalRequest.listFiles.path.test(e.path))
            .map((e) => new URLSearchParams(e.query).get('page')),
        ).toEqual(['1', '2', '3']);
      } finally {
        paged.destroy();
      }
    });

    it('a file not finalized reads as not-available; a missing object as absent', async () => {
      const f = file(10);
      const d = declared(await portal.declare(f.input(f.name), soon()));
      expect(value(await portal.readTarget({ fileId: d.fileId }, soon()))).toEqual({
        kind: 'not-available',
      });
      // Finalized without its bytes (the portal never checks): the read URL finds nothing.
      value(await portal.confirm({ fileId: d.fileId }, soon()));
      const target = value(await portal.readTarget({ fileId: d.fileId }, soon()));
      if (target.kind !== 'readable') throw new Error('expected readable');
      expect(value(await portal.readBytes({ url: target.url, maxBytes: 100 }, soon()))).toEqual({
        kind: 'absent',
      });
    });

    it('cancels an unfinished declaration', async () => {
      const f = file(10);
      const d = declared(await portal.declare(f.input(f.name), soon()));
      expect(await portal.cancel({ fileId: d.fileId }, soon())).toEqual({
        kind: 'success',
        value: undefined,
      });
      expect(lab.standIn.fichiers().some((doc) => doc._id === d.fileId)).toBe(false);
    });
  });

  describe("the API's refusals, kept as data", () => {
    it("a refused name is 422, not retryable, with a code and the API's words", async () => {
      const table = [
        ['Car640123-2026-Pass0-C1-OB-1_20260601_220000_000.wav', 'name-invalid'],
        ['Car640123-2026-Pass1-C1-OB-1_20260601_220000_000.WAV', 'name-unknown-type'],
        ['Car640123 2026.wav', 'name-forbidden-characters'],
      ] as const;
      for (const [name, code] of table) {
        const outcome = await portal.declare(
          { collectionId: participation, name, size: 1, md5Hex: '' },
          soon(),
        );
        expect(outcome).toMatchObject({ kind: 'refused', status: 422, code });
        if (outcome.kind !== 'refused') continue;
        expect(JSON.parse(outcome.detail ?? 'null')).toHaveProperty('titre');
        expect(isRetryable(outcome)).toBe(false);
      }
    });

    it('no token, an unknown or an expired one: refused 401, not retryable', async () => {
      for (const t of [undefined, 'NOTATOKEN0000000000000000000000X']) {
        token = t;
        const outcome = await portal.listFilesPage({ collectionId: participation }, soon());
        expect(outcome).toMatchObject({ kind: 'refused', status: 401, code: 'token-refused' });
        if (outcome.kind === 'refused') expect(isRetryable(outcome)).toBe(false);
      }
      token = lab.standIn.issueToken(lab.standIn.volunteer.id, 1);
      lab.standIn.advanceClock(2000);
      try {
        const f = file(10);
        expect(await portal.declare(f.input(f.name), soon())).toMatchObject({
          kind: 'refused',
          status: 401,
        });
        // Signed in again: the same adapter goes on with the new token.
        token = lab.standIn.issueToken(lab.standIn.volunteer.id);
        expect(value(await portal.declare(f.input(f.name), soon())).kind).toBe('declared');
      } finally {
        lab.standIn.advanceClock(-2000);
      }
    });

    it('a role too low is 403; a participation on a protocol not yet validated is 422', async () => {
      token = lab.standIn.reader.token;
      const f = file(10);
      expect(await portal.declare(f.input(f.name), soon())).toMatchObject({
        kind: 'refused',
        status: 403,
        code: 'forbidden',
      });
      token = lab.standIn.newcomer.token;
      expect(
        await portal.createParticipation(
          { siteId: lab.standIn.volunteer.siteId, startsAt: Date.UTC(2026, 5, 1, 20) },
          soon(),
        ),
      ).toMatchObject({
        kind: 'refused',
        status: 422,
        code: 'protocole-not-validated',
        detail: JSON.stringify('protocole registration not yet validated'),
      });
    });
  });

  describe('faults, through the proxies', () => {
    it('a lost reply to a declaration: declaring again gives the same file and a URL that works', async () => {
      const f = file(50_000);
      lab.api.addRule({ match: portalRequest.declare, action: fault.loseReply() });
      const lost = await portal.declare(f.input(f.name), soon());
      expect(lost).toEqual({ kind: 'unreachable', reason: 'connection-reset' });
      const pending = lab.standIn.fichiers().filter((doc) => doc.titre === f.name);
      expect(pending).toHaveLength(1);
      const again = declared(await portal.declare(f.input(f.name), soon()));
      expect(again.fileId).toBe(pending[0]?._id);
      const put = await portal.putBytes(
        { upload: again.upload, body: { kind: 'bytes', bytes: f.bytes } },
        soon(),
      );
      expect(value(put).etag).toBe(`"${md5(f.bytes)}"`);
      expect(lab.standIn.fichiers().filter((doc) => doc.titre === f.name)).toHaveLength(1);
    });

    it('a lost reply to a PUT: the object is there; the same URL again stores the same bytes', async () => {
      const f = file(300_000);
      const d = declared(await portal.declare(f.input(f.name), soon()));
      lab.s3.addRule({ match: portalRequest.signedPut, action: fault.loseReply() });
      const body = { kind: 'bytes' as const, bytes: f.bytes };
      expect(await portal.putBytes({ upload: d.upload, body }, soon())).toEqual({
        kind: 'unreachable',
        reason: 'connection-reset',
      });
      expect((await onServer(d.fileId))?.etag).toBe(`"${md5(f.bytes)}"`);
      expect(value(await portal.putBytes({ upload: d.upload, body }, soon())).etag).toBe(
        `"${md5(f.bytes)}"`,
      );
      expect(lab.s3.count(portalRequest.signedPut)).toBe(2);
    });

    it('a lost reply to a finalize: confirming again is "already done", an answer', async () => {
      const f = file(1000);
      const d = declared(await portal.declare(f.input(f.name), soon()));
      value(
        await portal.putBytes(
          { upload: d.upload, body: { kind: 'bytes', bytes: f.bytes } },
          soon(),
        ),
      );
      lab.api.addRule({ match: portalRequest.finalize, action: fault.loseReply() });
      expect(await portal.confirm({ fileId: d.fileId }, soon())).toEqual({
        kind: 'unreachable',
        reason: 'connection-reset',
      });
      expect((await onServer(d.fileId))?.doc.disponible).toBe(true);
      expect(value(await portal.confirm({ fileId: d.fileId }, soon()))).toEqual({
        kind: 'already-done',
        answer: { status: 409, detail: JSON.stringify('upload is already done') },
      });
      // And a declaration of the finished file is the same answer.
      expect(value(await portal.declare(f.input(f.name), soon()))).toEqual({
        kind: 'already-done',
        answer: { status: 409, detail: JSON.stringify('upload is already done') },
      });
    });

    it('the stand-in acts, then drops the connection: a lost reply made on the server side', async () => {
      // Straight to the stand-in: the fault proxy would turn its reset into a 502.
      const direct = new VigieChiroPortal({ api: lab.standIn.endpoint, token: () => token });
      try {
        const f = file(1000);
        lab.standIn.inject({
          match: { method: 'POST', path: /^\/fichiers$/ },
          when: 'after',
          answer: 'reset',
        });
        expect(await direct.declare(f.input(f.name), soon())).toEqual({
          kind: 'unreachable',
          reason: 'connection-reset',
        });
        expect(lab.standIn.fichiers().filter((doc) => doc.titre === f.name)).toHaveLength(1);
      } finally {
        direct.destroy();
      }
    });

    it('503 and 429 with Retry-After: refused, retryable, the wait kept, one request each', async () => {
      const f = file(1000);
      lab.api.addRule({
        match: portalRequest.declare,
        action: fault.status(503, { code: 'ServiceUnavailable', retryAfter: '7' }),
      });
      const busy = await portal.declare(f.input(f.name), soon());
      expect(busy).toMatchObject({ kind: 'refused', status: 503, retryAfterMs: 7000 });
      expect(busy.kind === 'refused' && isRetryable(busy)).toBe(true);
      expect(lab.api.count(portalRequest.declare)).toBe(1);
      expect(lab.standIn.fichiers().some((doc) => doc.titre === f.name)).toBe(false);

      // The API's own JSON answer, from the stand-in itself.
      lab.standIn.inject({
        match: { method: 'POST', path: /^\/fichiers$/ },
        when: 'before',
        answer: {
          status: 429,
          headers: { 'retry-after': '3' },
          body: { _status: '429 Too Many Requests', _errors: 'slow down' },
        },
      });
      expect(await portal.declare(f.input(f.name), soon())).toMatchObject({
        kind: 'refused',
        status: 429,
        retryAfterMs: 3000,
        detail: JSON.stringify('slow down'),
      });

      const d = declared(await portal.declare(f.input(f.name), soon()));
      lab.s3.addRule({
        match: portalRequest.signedPut,
        action: fault.status(503, { code: 'SlowDown', retryAfter: '2' }),
      });
      const slow = await portal.putBytes(
        { upload: d.upload, body: { kind: 'bytes', bytes: f.bytes } },
        soon(),
      );
      expect(slow).toMatchObject({
        kind: 'refused',
        status: 503,
        code: 'SlowDown',
        retryAfterMs: 2000,
      });
    });

    it('an expired URL: 403 from S3, answered by declaring again (same file, fresh URL)', async () => {
      const f = file(20_000);
      lab.standIn.setSignedUrlLifetime(-60);
      const first = declared(await portal.declare(f.input(f.name), soon()));
      expect(first.upload.expiresAt).toBeLessThan(Date.now());
      const body = { kind: 'bytes' as const, bytes: f.bytes };
      const dead = await portal.putBytes({ upload: first.upload, body }, soon());
      expect(dead).toMatchObject({ kind: 'refused', status: 403, code: 'AccessDenied' });
      expect(dead.kind !== 'success' && needsFreshUpload(dead)).toBe(true);
      expect(dead.kind === 'refused' && isRetryable(dead)).toBe(false);

      lab.standIn.setSignedUrlLifetime(36_000);
      const fresh = declared(await portal.declare(f.input(f.name), soon()));
      expect(fresh.fileId).toBe(first.fileId);
      expect(fresh.upload.url).not.toBe(first.upload.url);
      expect(value(await portal.putBytes({ upload: fresh.upload, body }, soon())).etag).toBe(
        `"${md5(f.bytes)}"`,
      );
    });

    it('a URL used with another Content-Type is 403 too (what the exact header prevents)', async () => {
      const f = file(1000);
      const d = declared(await portal.declare(f.input(f.name), soon()));
      const wrong = { ...d.upload, headers: { 'content-type': 'audio/x-wav' } };
      const outcome = await portal.putBytes(
        { upload: wrong, body: { kind: 'bytes', bytes: f.bytes } },
        soon(),
      );
      expect(outcome).toMatchObject({
        kind: 'refused',
        status: 403,
        code: 'SignatureDoesNotMatch',
      });
    });

    it('a 2xx declaration without its URL is an incomplete answer', async () => {
      const f = file(10);
      lab.standIn.inject({
        match: { method: 'POST', path: /^\/fichiers$/ },
        when: 'after',
        answer: (actual) => {
          const body = { ...(actual?.body as Record<string, unknown>) };
          delete body.s3_signed_url;
          return { status: 201, body };
        },
      });
      expect(await portal.declare(f.input(f.name), soon())).toEqual({
        kind: 'unreachable',
        reason: 'incomplete-answer',
      });
    });

    it('the API unreachable, a PUT stalled, a caller who aborts', async () => {
      await lab.api.setDown(true);
      // Refused on a new connection; reset when a kept-alive one was picked before it closed.
      const down = await portal.listFilesPage({ collectionId: participation }, soon());
      expect(down.kind === 'unreachable' ? down.reason : down.kind).toMatch(
        /^connection-(refused|reset)$/,
      );
      await lab.api.setDown(false);

      const f = file(2_000_000);
      const d = declared(await portal.declare(f.input(f.name), soon()));
      const stalling = new VigieChiroPortal({
        api: lab.api.endpoint,
        token: () => token,
        stallMs: 600,
        silentMs: 200,
      });
      try {
        lab.s3.addRule({ match: portalRequest.signedPut, action: fault.stall(30_000) });
        let silences = 0;
        expect(
          await stalling.putBytes(
            { upload: d.upload, body: { kind: 'bytes', bytes: f.bytes } },
            { ...soon(), onSilent: () => (silences += 1) },
          ),
        ).toEqual({ kind: 'unreachable', reason: 'stall' });
        // The engine heard of the silence before the watchdog gave up.
        expect(silences).toBeGreaterThanOrEqual(1);
      } finally {
        stalling.destroy();
      }

      lab.s3.addRule({ match: portalRequest.signedPut, action: fault.stall(30_000) });
      const controller = new AbortController();
      const pending = portal.putBytes(
        { upload: d.upload, body: { kind: 'bytes', bytes: f.bytes } },
        { ...soon(), signal: controller.signal },
      );
      controller.abort();
      expect(await pending).toEqual({ kind: 'aborted' });
    });
  });

  describe('through the retry policy', () => {
    it('a 503 with Retry-After: 1 then the declaration: two requests, the wait honoured', async () => {
      const policy = new RetryPolicy({
        clock: systemClock,
        sleeper: timerSleeper,
        random: systemRandom,
      });
      const f = file(10);
      lab.api.addRule({
        match: portalRequest.declare,
        action: fault.status(503, { code: 'ServiceUnavailable', retryAfter: '1' }),
      });
      const events: number[] = [];
      policy.onEvent((event) => {
        if (event.type === 'retry-scheduled') events.push(event.nextAttemptAt - Date.now());
      });
      const result = await policy.run(
        {
          endpoint: portal.endpoint,
          profile: 'brief',
          deadline: Date.now() + 60_000,
          operation: 'declare',
        },
        (ctx) => portal.declare(f.input(f.name), { deadline: ctx.deadline }),
      );
      expect(result).toMatchObject({ kind: 'success', attempts: 2 });
      expect(lab.api.count(portalRequest.declare)).toBe(2);
      expect(events).toHaveLength(1);
    });
  });
});
