import { createHash } from 'node:crypto';
import { mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createEngineStack } from '../../../electron/runtime/createEngineStack';
import type { EngineEvent } from '../../../electron/engine/EngineEvent';
import { noObjectStore } from '../../../electron/portal/noObjectStore';
import { VigieChiroPortal } from '../../../electron/portal/VigieChiroPortal';
import { openDatabase } from '../../../electron/store/openDatabase';
import { PlanStore } from '../../../electron/store/PlanStore';
import { contentOf } from '../../support/contentOf';
import { fault, type FaultRule } from '../../support/faultProxy';
import {
  portalBucketClient,
  startPortalLab,
  type PortalLab,
} from '../../support/vigiechiro/portalLab';
import { portalRequest } from '../../support/vigiechiro/portalRequest';

const MiB = 1024 * 1024;
/** Sizes spread over the engine's paths: kept in memory once hashed (<= 1 MiB), streamed (more). */
const SIZES = [40_000, 300_000, 900_000, 2 * MiB + 17, 6 * MiB + 3, 120_000];

const md5 = (bytes: Uint8Array): string => createHash('md5').update(bytes).digest('hex');

/**
 * A portal night through the engine (issue 33, ADR 0032), against the Vigie-Chiro stand-in and
 * radosgw, with a fault proxy in front of each: declare, PUT, finalize, the listings, the policy.
 * Each scenario ends with every object checked by an SDK client of the portal's bucket (its ETag
 * is the file's MD5) and the portal's documents (every declared name finalized, one document per
 * name): no declaration left unfinished for a file that landed.
 */
describe('a portal night through the engine (stand-in and radosgw, fault proxies)', () => {
  let lab: PortalLab;
  let bucket: S3Client;
  let work: string;
  let token: string | undefined;
  let scenario = 0;

  beforeAll(async () => {
    lab = await startPortalLab();
    bucket = portalBucketClient(lab.standIn);
    work = await mkdtemp(join(tmpdir(), 'depot-portal-night-'));
  });
  afterEach(async () => {
    lab.api.clearRules();
    lab.s3.clearRules();
    lab.standIn.clearFaults();
    lab.standIn.setSignedUrlLifetime(36_000);
    await lab.api.setDown(false);
  });
  afterAll(async () => {
    bucket.destroy();
    await lab.close();
    await rm(work, { recursive: true, force: true });
  });

  /** A folder of recordings and the point-fixe name each takes on the portal. */
  const night = (files = SIZES.length) => {
    scenario += 1;
    const dir = join(work, `night-${scenario}`);
    mkdirSync(dir);
    const names = new Map<string, string>();
    const bytes = new Map<string, Buffer>();
    for (const [i, size] of SIZES.slice(0, files).entries()) {
      const relPath = `REC_${scenario}_${i}.wav`;
      const content = contentOf(`${scenario}-${relPath}`, size);
      writeFileSync(join(dir, relPath), content);
      names.set(
        relPath,
        `Car640123-2026-Pass${scenario}-Z1-SM4_20260612_2${String(13000 + i).padStart(5, '0')}_000.wav`,
      );
      bytes.set(relPath, content);
    }
    return { dir, names, bytes };
  };

  const newParticipation = async (portal: VigieChiroPortal): Promise<string> => {
    const created = await portal.createParticipation(
      {
        siteId: lab.standIn.volunteer.siteId,
        startsAt: Date.UTC(2026, 5, 12, 19) + scenario * 60_000,
        endsAt: Date.UTC(2026, 5, 13, 4),
        point: 'Z1',
      },
      { deadline: Date.now() + 30_000 },
    );
    if (created.kind !== 'success') throw new Error(JSON.stringify(created));
    return created.value.id;
  };

  /** An engine on its own database, over the adapter pointed at the API's fault proxy. */
  const engineFor = (db: string, settings: Record<string, unknown> = {}, pageSize?: number) => {
    const portal = new VigieChiroPortal({
      api: lab.api.endpoint,
      token: () => token,
      stallMs: 20_000,
      ...(pageSize === undefined ? {} : { pageSize }),
    });
    const store = new PlanStore(openDatabase(join(work, db)));
    const { engine, policy } = createEngineStack({
      store,
      objectStore: noObjectStore,
      portalFor: () => portal,
      settings: { concurrency: 3, ...settings },
    });
    return {
      portal,
      store,
      engine,
      policy,
      close: () => {
        portal.destroy();
        store.close();
      },
    };
  };

  const deposit = async (
    n: ReturnType<typeof night>,
    rules: { readonly api?: readonly FaultRule[]; readonly s3?: readonly FaultRule[] } = {},
    options: {
      readonly db?: string;
      readonly participation?: string;
      readonly onEvent?: (e: EngineEvent, stop: () => void) => void;
      readonly settings?: Record<string, unknown>;
      /** Files per page of the portal's listings (the adapter's `max_results`). */
      readonly pageSize?: number;
    } = {},
  ) => {
    token ??= lab.standIn.volunteer.token;
    for (const rule of rules.api ?? []) lab.api.addRule(rule);
    for (const rule of rules.s3 ?? []) lab.s3.addRule(rule);
    const e = engineFor(options.db ?? `night-${scenario}.db`, options.settings, options.pageSize);
    try {
      const participation = options.participation ?? (await newParticipation(e.portal));
      const controller = new AbortController();
      e.engine.on((event) => options.onEvent?.(event, () => controller.abort()));
      const plan = await e.engine.planFolder({
        dir: n.dir,
        bucket: '',
        prefix: '',
        names: n.names,
        portal: { target: e.portal.target, participationId: participation },
      });
      const result = await e.engine.run(plan.id, { signal: controller.signal });
      return {
        result,
        participation,
        planId: plan.id,
        summary: e.engine.planSummary(plan.id),
        counted: {
          api: e.policy.counters(e.portal.endpoint),
          s3: e.policy.counters(new URL(lab.s3.endpoint).origin),
        },
      };
    } finally {
      e.close();
    }
  };

  /** Every file's object on the portal's bucket, by an SDK client: its ETag the file's MD5. */
  const expectLanded = async (n: ReturnType<typeof night>, participation: string) => {
    const docs = lab.standIn.fichiers().filter((f) => f.lien_participation === participation);
    for (const [relPath, name] of n.names) {
      const mine = docs.filter((d) => d.titre === name);
      // One document per name (a declaration replayed resumed it), finalized.
      expect(mine, name).toHaveLength(1);
      expect(mine[0]?.disponible, name).toBe(true);
      const head = await bucket.send(
        new HeadObjectCommand({ Bucket: lab.standIn.s3.bucket, Key: mine[0]?.s3_id }),
      );
      expect(head.ETag, name).toBe(`"${md5(n.bytes.get(relPath) ?? Buffer.alloc(0))}"`);
      expect(head.ContentType, name).toBe('audio/wav');
    }
    expect(docs.every((d) => d.disponible)).toBe(true);
  };

  it('deposits a night: one declare, one PUT, one finalize per file, and two listings', async () => {
    const n = night();
    lab.api.clearLog();
    lab.s3.clearLog();
    const { result, participation, summary } = await deposit(n);
    expect(result).toEqual({ kind: 'completed' });
    expect(summary).toMatchObject({ units: SIZES.length, done: SIZES.length, unverifiable: 0 });
    expect(summary.manifestAt).not.toBeNull();
    expect(summary.bytesResent).toBe(0);
    await expectLanded(n, participation);
    expect(lab.api.count(portalRequest.declare)).toBe(SIZES.length);
    expect(lab.s3.count(portalRequest.signedPut)).toBe(SIZES.length);
    expect(lab.api.count(portalRequest.finalize)).toBe(SIZES.length);
    // The participation listed before the first byte, and once more at the end.
    expect(lab.api.count(portalRequest.listFiles)).toBe(2);
    // The PUT carries exactly the signed Content-Type, and no Content-MD5.
    expect(
      lab.s3
        .log()
        .filter((e) => e.method === 'PUT')
        .every((e) => e.status === 200),
    ).toBe(true);
  });

  it('lists a participation of several pages one page per request: a 503 and a reset retry their page only', async () => {
    const n = night();
    token ??= lab.standIn.volunteer.token;
    const creator = new VigieChiroPortal({ api: lab.standIn.endpoint, token: () => token });
    const participation = await newParticipation(creator);
    creator.destroy();
    lab.api.clearLog();
    lab.s3.clearLog();
    const page = (p: string) => ({
      ...portalRequest.listFiles,
      test: (r: { readonly query: URLSearchParams }) => r.query.get('page') === p,
    });
    const { result, counted } = await deposit(
      n,
      {
        api: [
          { match: page('2'), action: fault.status(503, { code: 'ServiceUnavailable' }) },
          { match: page('3'), action: fault.reset() },
        ],
      },
      { participation, pageSize: 2 },
    );
    expect(result).toEqual({ kind: 'completed' });
    await expectLanded(n, participation);
    const listings = lab.api
      .log()
      .filter((e) => portalRequest.listFiles.path.test(e.path))
      .map((e) => new URLSearchParams(e.query).get('page'));
    // Before any byte, the empty participation (one page); at the end its six files two to a
    // page: page 2 and page 3 each sent again after their fault, page 1 never.
    expect(listings).toEqual(['1', '1', '2', '2', '3', '3']);
    // One attempt, one request: what the policy counted is what each endpoint received.
    expect(lab.api.log()).toHaveLength(counted.api.firstAttempts + counted.api.retriesGranted);
    expect(counted.api.retriesGranted).toBe(2);
    expect(lab.s3.log()).toHaveLength(counted.s3.firstAttempts + counted.s3.retriesGranted);
  });

  describe("creating the night's participation (not replay-safe: ADR 0032)", () => {
    const nightOf = (minute: number) => ({
      siteId: lab.standIn.volunteer.siteId,
      startsAt: Date.UTC(2026, 6, 1, 19, minute, 30),
      endsAt: Date.UTC(2026, 6, 2, 4),
      point: 'Z3',
    });
    const alike = (startsAt: number) =>
      lab.standIn
        .participations()
        .filter(
          (p) =>
            p.site === lab.standIn.volunteer.siteId &&
            p.point === 'Z3' &&
            Math.floor(p.date_debut / 1000) === Math.floor(startsAt / 1000),
        );
    const apiCalls = () =>
      lab.api
        .log()
        .map((e) =>
          e.method === 'POST' && portalRequest.createParticipation.path.test(e.path)
            ? `create${e.status === undefined ? ' (reply lost)' : ''}`
            : /\/participations$/.test(e.path)
              ? 'list'
              : `${e.method} ${e.path}`,
        );

    it('after a lost reply, lists the site and takes the participation the create made, never a second', async () => {
      token ??= lab.standIn.volunteer.token;
      const input = nightOf(1);
      const e = engineFor(`create-${scenario}-a.db`);
      lab.api.clearLog();
      lab.api.addRule({ match: portalRequest.createParticipation, action: fault.loseReply() });
      try {
        const created = await e.engine.createParticipation(e.portal, input);
        if (created.kind !== 'ok') throw new Error(JSON.stringify(created));
        // The server made it; the client never heard: listed again, found, taken.
        expect(alike(input.startsAt).map((p) => p._id)).toEqual([created.value.id]);
        expect(apiCalls()).toEqual(['list', 'create (reply lost)', 'list']);
      } finally {
        e.close();
      }
    });

    it("takes the night's participation already on the site; with two alike, asks the volunteer", async () => {
      token ??= lab.standIn.volunteer.token;
      const input = nightOf(2);
      const direct = new VigieChiroPortal({ api: lab.standIn.endpoint, token: () => token });
      const e = engineFor(`create-${scenario}-b.db`);
      try {
        // Made before (a run killed after sending its create, the portal's own page).
        const before = await direct.createParticipation(input, { deadline: Date.now() + 30_000 });
        if (before.kind !== 'success') throw new Error(JSON.stringify(before));
        lab.api.clearLog();
        const taken = await e.engine.createParticipation(e.portal, input);
        expect(taken).toMatchObject({ kind: 'ok', value: { id: before.value.id } });
        expect(apiCalls()).toEqual(['list']);
        // A second one alike: which is the night's, the portal cannot say.
        await direct.createParticipation(input, { deadline: Date.now() + 30_000 });
        lab.api.clearLog();
        const asked = await e.engine.createParticipation(e.portal, input);
        expect(asked).toEqual({
          kind: 'refused',
          cause: { kind: 'participation-ambiguous', count: 2 },
        });
        expect(apiCalls()).toEqual(['list']);
        expect(alike(input.startsAt)).toHaveLength(2);
      } finally {
        direct.destroy();
        e.close();
      }
    });
  });

  it('settles lost replies to a declaration, a PUT and a finalize without a second document', async () => {
    const n = night();
    lab.api.clearLog();
    lab.s3.clearLog();
    const { result, participation, summary } = await deposit(n, {
      api: [
        { match: portalRequest.declare, action: fault.loseReply(), times: 2 },
        { match: portalRequest.finalize, action: fault.loseReply(), times: 2 },
      ],
      s3: [{ match: portalRequest.signedPut, action: fault.loseReply(), times: 2 }],
    });
    expect(result).toEqual({ kind: 'completed' });
    expect(summary.done).toBe(SIZES.length);
    await expectLanded(n, participation);
    // Each lost reply cost one request more of its kind, never a second declaration.
    expect(lab.api.count(portalRequest.declare)).toBe(SIZES.length + 2);
    expect(lab.api.count(portalRequest.finalize)).toBe(SIZES.length + 2);
    expect(lab.s3.count(portalRequest.signedPut)).toBe(SIZES.length + 2);
  });

  it('answers an expired URL with a fresh declaration, never a replay of the dead one', async () => {
    const n = night(3);
    lab.s3.clearLog();
    // The first declaration's URL is dead when given (its Expires already past); later ones live.
    lab.standIn.setSignedUrlLifetime(-60);
    lab.standIn.inject({
      match: { method: 'POST', path: /\/fichiers$/ },
      when: 'after',
      answer: (actual) => {
        lab.standIn.setSignedUrlLifetime(36_000);
        return actual ?? { status: 500 };
      },
    });
    const { result, participation } = await deposit(n, {}, { settings: { concurrency: 1 } });
    expect(result).toEqual({ kind: 'completed' });
    await expectLanded(n, participation);
    const puts = lab.s3.log().filter((e) => e.method === 'PUT');
    const refused = puts.filter((e) => e.status === 403);
    expect(refused).toHaveLength(1);
    // The dead URL was used once: the next PUT of that file went to another URL.
    expect(puts.filter((e) => e.query === refused[0]?.query)).toHaveLength(1);
    expect(puts).toHaveLength(4);
  });

  it('honours Retry-After from the API (429, 503) and from the storage', async () => {
    const n = night(3);
    lab.api.clearLog();
    const { result, participation } = await deposit(n, {
      api: [
        {
          match: portalRequest.declare,
          action: fault.status(503, { code: 'ServiceUnavailable', retryAfter: '1' }),
          times: 1,
        },
      ],
      s3: [
        {
          match: portalRequest.signedPut,
          action: fault.status(503, { code: 'SlowDown', retryAfter: '1' }),
          times: 1,
        },
      ],
    });
    expect(result).toEqual({ kind: 'completed' });
    await expectLanded(n, participation);
    // The API's own 429, its JSON error with a Retry-After, on a finalize.
    const n2 = night(2);
    lab.standIn.inject({
      match: { method: 'POST', path: /\/fichiers\/[0-9a-f]{24}$/ },
      when: 'before',
      answer: {
        status: 429,
        headers: { 'retry-after': '1' },
        body: { _status: 'ERR', _errors: 'slow down' },
      },
    });
    const again = await deposit(n2);
    expect(again.result).toEqual({ kind: 'completed' });
    await expectLanded(n2, again.participation);
  });

  it('blocks on a 401 mid-night, and goes on after a new sign-in without sending a done file again', async () => {
    const n = night();
    token = lab.standIn.issueToken(lab.standIn.volunteer.id, 3_600);
    const done = new Set<string>();
    const first = await deposit(
      n,
      {},
      {
        db: 'signed-out.db',
        onEvent: (e) => {
          if (e.type !== 'unit-state' || e.state.kind !== 'done') return;
          done.add(n.names.get(e.relPath) ?? '');
          // Two files done: the token expires (the portal's clock goes two hours on).
          if (done.size === 2) lab.standIn.advanceClock(2 * 3_600_000);
        },
      },
    );
    expect(first.result).toEqual({ kind: 'blocked', cause: { kind: 'portal-signed-out' } });
    expect(first.summary.done).toBeLessThan(SIZES.length);
    lab.s3.clearLog();
    lab.api.clearLog();
    token = lab.standIn.issueToken(lab.standIn.volunteer.id);
    const e = engineFor('signed-out.db');
    e.engine.credentialsChanged();
    e.close();
    const second = await deposit(
      n,
      {},
      { db: 'signed-out.db', participation: first.participation },
    );
    expect(second.result).toEqual({ kind: 'completed' });
    await expectLanded(n, first.participation);
    // Nothing done before the 401 went again: no PUT, no declaration of it.
    const named = (path: string): string =>
      decodeURIComponent(path.slice(path.lastIndexOf('/') + 1));
    const sentAgain = lab.s3
      .log()
      .filter((x) => x.method === 'PUT')
      .map((x) => named(x.path));
    expect(sentAgain.filter((name) => done.has(name))).toEqual([]);
    expect(sentAgain.length).toBeLessThanOrEqual(SIZES.length - done.size);
  });

  it('deposited again from a fresh database: nothing sent, each file already there (read back on demand)', async () => {
    const n = night(3);
    const first = await deposit(n);
    expect(first.result).toEqual({ kind: 'completed' });
    lab.s3.clearLog();
    lab.api.clearLog();
    const again = await deposit(n, {}, { db: 'fresh.db', participation: first.participation });
    expect(again.result).toEqual({ kind: 'completed' });
    expect(again.summary).toMatchObject({ done: 3, alreadyPresent: 3, unverifiable: 3 });
    expect(lab.s3.count(portalRequest.signedPut)).toBe(0);
    expect(lab.api.count(portalRequest.declare)).toBe(0);
    const readBack = await deposit(
      n,
      {},
      { db: 'read-back.db', participation: first.participation, settings: { readBack: true } },
    );
    expect(readBack.result).toEqual({ kind: 'completed' });
    expect(readBack.summary).toMatchObject({ done: 3, alreadyPresent: 3, unverifiable: 0 });
    expect(lab.s3.count(portalRequest.signedGet)).toBe(3);
  });

  it('takes a declaration answered 409 "already done" (finished after the listing) as there, and sends nothing', async () => {
    const n = night(3);
    const first = await deposit(n);
    expect(first.result).toEqual({ kind: 'completed' });
    lab.s3.clearLog();
    lab.api.clearLog();
    lab.standIn.clearLog();
    // The opening listing as it was read before another device finished the same names: each
    // file not yet available. The portal itself then answers each declaration 409.
    lab.standIn.inject({
      match: { method: 'GET', path: /\/pieces_jointes$/ },
      when: 'after',
      answer: (actual) => {
        if (actual === undefined) return { status: 500 };
        const body = actual.body as { readonly _items: readonly Record<string, unknown>[] };
        return {
          ...actual,
          body: { ...body, _items: body._items.map((f) => ({ ...f, disponible: false })) },
        };
      },
    });
    const again = await deposit(
      n,
      {},
      { db: 'declared-409.db', participation: first.participation },
    );
    expect(again.result).toEqual({ kind: 'completed' });
    expect(again.summary).toMatchObject({ done: 3, alreadyPresent: 3, unverifiable: 3 });
    expect(lab.api.count(portalRequest.declare)).toBe(3);
    expect(
      lab.standIn
        .log()
        .filter((e) => e.method === 'POST' && /\/fichiers$/.test(e.path))
        .map((e) => e.status),
    ).toEqual([409, 409, 409]);
    expect(lab.s3.count(portalRequest.signedPut)).toBe(0);
    expect(lab.api.count(portalRequest.finalize)).toBe(0);
    // The closing listing, the real one, found every file available.
    expect(again.summary.manifestAt).not.toBeNull();
    await expectLanded(n, first.participation);
  });

  it('fails a name the portal refuses with its reason, and deposits the others', async () => {
    const n = night(2);
    const [first] = [...n.names.keys()];
    // A name the profile's pattern let through and the portal refuses (its own rule).
    n.names.set(first ?? '', 'Car640123-2026-Pass0-Z1-SM4_20260612_213000_000.wav');
    const { result, planId } = await deposit(n);
    expect(result).toEqual({ kind: 'failures', failed: 1 });
    const e = engineFor(`night-${scenario}.db`);
    const [failed] = e.engine.failedUnits(planId);
    e.close();
    expect(failed?.state).toEqual({
      kind: 'failed',
      cause: {
        kind: 'portal-refused',
        status: 422,
        code: 'name-invalid',
        detail: JSON.stringify({
          titre: 'invalid name Car640123-2026-Pass0-Z1-SM4_20260612_213000_000.wav',
        }),
      },
    });
  });
});
