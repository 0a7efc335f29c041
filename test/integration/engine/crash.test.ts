import { readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { synthNight } from '../../../electron/field/synthNight';
import {
  fault,
  s3Request,
  type FaultProxy,
  type ProxyLogEntry,
  payloadArrivedSince,
} from '../../support/faultProxy';
import { killAfterObserved } from '../../support/afterObserved';
import { depotEnv } from '../../support/depotEnv';
import { runDepot, type DepotRun } from '../../support/runDepot';
import { proxiedBucket, type ProxiedBucket } from '../../support/proxiedBucket';
import type { TestBucket } from '../../support/testBucket';
import { seededRandom } from '../../../shared/random/seededRandom';
import { startSlowLink, type SlowLink } from './slowLink';
import { verifyBucket } from './verifyBucket';
import { targetArgs } from '../../support/targetArgs';

const MiB = 1024 * 1024;
const PART = 5 * MiB;
const CONCURRENCY = 2;
const KILLS = 20;

/**
 * The crash test of issue 3: `depot deposit` killed with SIGKILL at random moments during a
 * multipart deposit, 20 times, then run to the end. Every object must be on the server and
 * verified, no multipart upload left open, and what each kill cost at most one part per file in
 * flight (counted from the fault proxy's request log, i.e. what the endpoint received).
 */
describe('depot deposit killed with SIGKILL again and again', () => {
  let setup: ProxiedBucket;
  let b: TestBucket;
  let proxy: FaultProxy;
  let link: SlowLink;
  let work: string;
  let night: string;

  beforeAll(async () => {
    setup = await proxiedBucket('engine-crash');
    ({ bucket: b, proxy, work } = setup);
    // A 4 MiB/s uplink in front of the proxy: kills land mid-body, and 20 of them fit in the deposit.
    link = await startSlowLink(proxy.endpoint, 4 * MiB);
    night = join(work, 'night');
    await synthNight(night, { files: 5, totalBytes: 150 * MiB, seed: 11, sizes: 'large' });
  });
  afterAll(async () => {
    await link.close();
    await setup.close();
  });

  /** One `depot deposit`; with a delay, killed (SIGKILL) that long after its first payload byte. */
  const deposit = (killAfterPayloadMs?: number): Promise<DepotRun> => {
    const payloadSeen = payloadArrivedSince(proxy);
    return runDepot(
      [
        'deposit',
        night,
        ...targetArgs(link.endpoint, b.bucket, 'night'),
        '--part-size',
        '5MiB',
        '--concurrency',
        String(CONCURRENCY),
        '--db',
        join(work, 'depot.db'),
        '--json',
      ],
      {
        env: depotEnv(b),
        hangMs: 240_000,
        // What the dead process had queued in the link never arrives: every byte the endpoint
        // receives from a run arrives before that run's kill.
        ...killAfterObserved(payloadSeen, killAfterPayloadMs, () => link.resetAll()),
      },
    );
  };

  it('loses at most one part per file in flight per kill, and ends with every object verified', async () => {
    // Each part's answer is held 600 ms after the server stored it: many kills land between the
    // server's acknowledgement and the database commit, where only ListParts can tell.
    proxy.addRule({ match: s3Request.uploadPart, action: fault.delay(600), times: Infinity });
    const random = seededRandom(2026);
    const runs: DepotRun[] = [];
    let completedEarly = false;
    for (let i = 0; i < KILLS; i += 1) {
      // 0.7 to 3.7 s after its first payload byte reached the endpoint (however long the start
      // took): some runs end while every part is in flight, others after parts were acknowledged.
      const run = await deposit(700 + Math.floor(random.next() * 3_000));
      runs.push(run);
      if (run.signal !== 'SIGKILL') {
        completedEarly = true;
        break;
      }
    }
    const final = await deposit();
    expect(final.code, final.stdout).toBe(0);
    const summary = JSON.parse(final.stdout) as { result: string; done: number; units: number };
    expect(summary).toMatchObject({ result: 'completed', done: 5, units: 5 });

    const kills = runs.filter((r) => r.signal === 'SIGKILL').length;
    expect(completedEarly).toBe(false);
    expect(kills).toBe(KILLS);

    const files = readdirSync(night).filter((f) => f.endsWith('.wav'));
    const { wrong, openUploads } = await verifyBucket(b.client, b.bucket, 'night', night, files);
    const fileBytes = files.reduce((sum, f) => sum + statSync(join(night, f)).size, 0);
    expect(wrong).toEqual([]);
    expect(openUploads).toBe(0);

    // What the endpoint received: every body upload that is not the one that stayed is re-sent.
    const bodies = proxy.log().filter((e) => e.method === 'PUT' && !e.path.includes('/.depot/'));
    const partOf = (e: ProxyLogEntry): string =>
      `${e.path}?${new URLSearchParams(e.query).get('partNumber') ?? '0'}`;
    // The copy that stayed is the last complete reception of each part (its answer may have been
    // lost to a kill: ListParts then adopted it); every other reception is bytes re-sent.
    const fullSize = new Map<string, number>();
    for (const e of bodies)
      fullSize.set(partOf(e), Math.max(fullSize.get(partOf(e)) ?? 0, e.bytesIn));
    const kept = new Map<string, ProxyLogEntry>();
    for (const e of bodies) if (e.bytesIn === fullSize.get(partOf(e))) kept.set(partOf(e), e);
    const wastedPerRun = [...runs, final].map((run) =>
      bodies
        .filter((e) => e.time >= run.start && e.time <= run.end && kept.get(partOf(e)) !== e)
        .reduce((sum, e) => sum + e.bytesIn, 0),
    );
    const lastKill = runs.at(-1)?.end ?? 0;
    const partsBeforeFinal = [...kept.values()].filter((e) => e.time <= lastKill).length;
    const total = bodies.reduce((sum, e) => sum + e.bytesIn, 0);
    const wasted = wastedPerRun.reduce((a, b2) => a + b2, 0);
    console.log(
      `crash test: ${kills} kills, ${proxy.count(s3Request.uploadPart)} UploadPart requests, ` +
        `${proxy.count(s3Request.listParts)} ListParts, ` +
        `${(total / MiB).toFixed(1)} MiB received for ${(fileBytes / MiB).toFixed(1)} MiB of files; ` +
        `parts stored before the final run: ${partsBeforeFinal}; ` +
        `re-sent per kill: max ${(Math.max(...wastedPerRun) / MiB).toFixed(2)} MiB, mean ${(wasted / kills / MiB).toFixed(2)} MiB ` +
        `(bound: ${CONCURRENCY} files x ${PART / MiB} MiB)`,
    );
    for (const w of wastedPerRun) expect(w).toBeLessThanOrEqual(CONCURRENCY * PART);
    expect(total - wasted).toBe(fileBytes);
  });
});
