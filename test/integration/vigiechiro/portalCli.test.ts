import { createHash } from 'node:crypto';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { HeadObjectCommand, type S3Client } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { synthNight } from '../../../electron/field/synthNight';
import { killAfterObserved } from '../../support/afterObserved';
import { fault, payloadArrivedSince } from '../../support/faultProxy';
import { profileText, vigieChiroPortalProfile } from '../../support/programmeProfiles';
import { runDepot, type DepotRun } from '../../support/runDepot';
import {
  portalBucketClient,
  startPortalLab,
  type PortalLab,
} from '../../support/vigiechiro/portalLab';
import { portalRequest } from '../../support/vigiechiro/portalRequest';
import { startSlowLink, type SlowLink } from '../engine/slowLink';

const MiB = 1024 * 1024;
const KILLS = 3;
const CONCURRENCY = 2;
const FIELDS = [
  '--field',
  'carre=640123',
  '--field',
  'passage=1',
  '--field',
  'point=Z1',
  '--field',
  'detecteur=SM4-07',
];

const md5 = (path: string): string => createHash('md5').update(readFileSync(path)).digest('hex');

/**
 * `depot deposit` and `depot verify` with a programme whose profile names the Vigie-Chiro portal
 * (issue 33, ADR 0032), as a volunteer runs them: the token from the environment, a participation
 * created for the night (and kept), killed with SIGKILL again and again and run to the end, then
 * verified, read back, and its analysis started once.
 */
describe('depot deposit to the portal, killed with SIGKILL, then verified', () => {
  let lab: PortalLab;
  let link: SlowLink;
  let bucket: S3Client;
  let work: string;
  let card: string;
  let profile: string;
  let db: string;
  let env: NodeJS.ProcessEnv;

  beforeAll(async () => {
    lab = await startPortalLab();
    // The bytes go through a 3 MiB/s uplink: kills land mid-PUT.
    link = await startSlowLink(lab.s3.endpoint, 3 * MiB);
    lab.standIn.setSignedUrlBase(link.endpoint);
    bucket = portalBucketClient(lab.standIn);
    work = await mkdtemp(join(tmpdir(), 'depot-portal-cli-'));
    card = join(work, 'card');
    await synthNight(card, { files: 10, totalBytes: 40 * MiB, seed: 33, sizes: 'realistic' });
    profile = join(work, 'vigie-chiro-portal.json');
    writeFileSync(
      profile,
      profileText(
        vigieChiroPortalProfile({
          api: lab.api.endpoint,
          signIn: `${lab.standIn.endpoint}/login/google`,
        }),
      ),
    );
    db = join(work, 'depot.db');
    env = {
      ...process.env,
      NODE_NO_WARNINGS: '1',
      DEPOT_PORTAL_TOKEN: lab.standIn.volunteer.token,
    };
  });
  afterAll(async () => {
    bucket.destroy();
    await link.close();
    await lab.close();
    await rm(work, { recursive: true, force: true });
  });

  const deposit = (
    extra: readonly string[] = [],
    killAfterPayloadMs?: number,
    runEnv = env,
  ): Promise<DepotRun> => {
    const payloadSeen = payloadArrivedSince(lab.s3);
    return runDepot(
      [
        'deposit',
        card,
        '--programme',
        profile,
        ...FIELDS,
        '--site',
        lab.standIn.volunteer.siteId,
        '--point',
        'Z1',
        '--concurrency',
        String(CONCURRENCY),
        '--db',
        db,
        '--json',
        ...extra,
      ],
      {
        env: runEnv,
        hangMs: 240_000,
        ...killAfterObserved(payloadSeen, killAfterPayloadMs, () => link.resetAll()),
      },
    );
  };

  it('refuses to start without a sign-in, and with one the portal does not take, in one line', async () => {
    const without = { ...env };
    delete without.DEPOT_PORTAL_TOKEN;
    const none = await deposit([], undefined, without);
    expect(none.code).toBe(2);
    expect(none.stderr).toContain('no sign-in for the portal: sign in at');
    const refused = await deposit([], undefined, {
      ...env,
      DEPOT_PORTAL_TOKEN: 'ZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZZ',
    });
    expect(refused.code).toBe(2);
    expect(refused.stderr).toContain('the portal no longer takes your sign-in');
    expect(refused.stderr).not.toContain('ZZZZZZZZZZZZZZZZ');
    expect(
      lab.standIn.participations().filter((p) => p.observateur === lab.standIn.volunteer.id),
    ).toHaveLength(0);
  });

  it('loses at most the files in flight per kill, and ends with every file on the portal, finalized once', async () => {
    lab.s3.clearLog();
    const runs: DepotRun[] = [];
    for (let i = 0; i < KILLS; i += 1) {
      const run = await deposit([], 600 + i * 700);
      runs.push(run);
      expect(run.signal, run.stderr).toBe('SIGKILL');
    }
    const final = await deposit();
    expect(final.code, final.stderr).toBe(0);
    const summary = JSON.parse(final.stdout) as {
      result: string;
      done: number;
      units: number;
      manifest: boolean;
      portal: { participation: string };
    };
    expect(summary).toMatchObject({ result: 'completed', done: 10, units: 10, manifest: true });
    // One participation for the night, created by the first run, kept by the others.
    const mine = lab.standIn
      .participations()
      .filter((p) => p.observateur === lab.standIn.volunteer.id);
    expect(mine.map((p) => p._id)).toEqual([summary.portal.participation]);
    // Every file on the portal's bucket with its MD5, its declaration finalized, one per name.
    const docs = lab.standIn
      .fichiers()
      .filter((f) => f.lien_participation === summary.portal.participation);
    expect(docs).toHaveLength(10);
    expect(docs.every((d) => d.disponible)).toBe(true);
    const sums = new Set(readdirSync(card).map((f) => md5(join(card, f))));
    for (const doc of docs) {
      const head = await bucket.send(
        new HeadObjectCommand({ Bucket: lab.standIn.s3.bucket, Key: doc.s3_id }),
      );
      expect(sums.has((head.ETag ?? '').replace(/"/g, '')), doc.titre).toBe(true);
    }
    // What the kills cost: PUT bodies the storage received beyond one per file, at most the
    // files in flight (the concurrency) per kill, whole files (no parts on a portal).
    const largest = Math.max(...readdirSync(card).map((f) => statSync(join(card, f)).size));
    const received = lab.s3
      .log()
      .filter((e) => e.method === 'PUT')
      .reduce((n, e) => n + e.bytesIn, 0);
    const total = readdirSync(card).reduce((n, f) => n + statSync(join(card, f)).size, 0);
    expect(received - total).toBeLessThanOrEqual(KILLS * CONCURRENCY * largest);
  });

  it('verifies the participation by names and availability, then by reading every file back', async () => {
    const participation = lab.standIn
      .participations()
      .find((p) => p.observateur === lab.standIn.volunteer.id)?._id;
    const verify = (extra: readonly string[]) =>
      runDepot(
        [
          'verify',
          card,
          '--programme',
          profile,
          ...FIELDS,
          '--participation',
          participation ?? '',
          '--json',
          ...extra,
        ],
        {
          env,
        },
      );
    const names = await verify([]);
    expect(names.code, names.stderr).toBe(0);
    expect(JSON.parse(names.stdout)).toMatchObject({
      files: 10,
      verified: 10,
      readBack: false,
      missing: [],
      notAvailable: [],
    });
    lab.s3.clearLog();
    const read = await verify(['--read-back']);
    expect(read.code, read.stderr).toBe(0);
    expect(JSON.parse(read.stdout)).toMatchObject({
      files: 10,
      verified: 10,
      readBack: true,
      differing: [],
    });
    expect(lab.s3.log().filter((e) => e.method === 'GET')).toHaveLength(10);
  });

  it('starts the analysis once the night is complete, and never asks twice', async () => {
    lab.s3.clearLog();
    const first = await deposit(['--start-analysis']);
    expect(first.code, first.stderr).toBe(0);
    expect(JSON.parse(first.stdout)).toMatchObject({ result: 'completed', analysis: 'started' });
    // Nothing sent again: the night was complete, listed and found whole.
    expect(lab.s3.log().filter((e) => e.method === 'PUT')).toHaveLength(0);
    // Signed in by the whole address the sign-in page ends on, given with --token.
    const withoutEnv = { ...env };
    delete withoutEnv.DEPOT_PORTAL_TOKEN;
    const address = `${lab.standIn.frontendDomain}/#/?token=${lab.standIn.volunteer.token}`;
    const again = await deposit(['--start-analysis', '--token', address], undefined, withoutEnv);
    expect(again.code, again.stderr).toBe(0);
    expect(again.stdout + again.stderr).not.toContain(lab.standIn.volunteer.token);
    expect(JSON.parse(again.stdout)).toMatchObject({ analysis: 'already-planned' });
    const mine = lab.standIn
      .participations()
      .find((p) => p.observateur === lab.standIn.volunteer.id);
    expect(mine?.traitement?.etat).toBe('PLANIFIE');
  });

  it("after a lost reply to the night's create, deposits into the participation it made, never a second", async () => {
    const small = join(work, 'card-lost-create');
    await synthNight(small, {
      files: 3,
      totalBytes: 600_000,
      seed: 36,
      start: '2026-07-03T21:30:00+02:00',
    });
    lab.api.clearLog();
    lab.api.addRule({ match: portalRequest.createParticipation, action: fault.loseReply() });
    const run = await runDepot(
      [
        'deposit',
        small,
        '--programme',
        profile,
        ...FIELDS,
        '--site',
        lab.standIn.volunteer.siteId,
        '--point',
        'Z2',
        '--db',
        join(work, 'lost-create.db'),
        '--json',
      ],
      { env, hangMs: 240_000 },
    );
    lab.api.clearRules();
    expect(run.code, run.stderr).toBe(0);
    const summary = JSON.parse(run.stdout) as {
      result: string;
      done: number;
      portal: { participation: string };
    };
    expect(summary).toMatchObject({ result: 'completed', done: 3 });
    const night = lab.standIn
      .participations()
      .filter((p) => p.observateur === lab.standIn.volunteer.id && p.point === 'Z2');
    expect(night.map((p) => p._id)).toEqual([summary.portal.participation]);
    expect(
      lab.api
        .log()
        .filter((e) => e.method === 'POST' && portalRequest.createParticipation.path.test(e.path)),
    ).toHaveLength(1);
  });
});
