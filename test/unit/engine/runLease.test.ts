import { afterEach, describe, expect, it } from 'vitest';
import type { LeaseHolder } from '../../../electron/engine/LeaseHolder';
import { PlanError } from '../../../electron/engine/PlanError';
import { KiB, makeHarness, MiB } from './engineHarness';
import type { Harness } from './engineHarness';

let h: Harness | undefined;
afterEach(() => h?.cleanup());

const alive = new Set<number>();

/** A process identity whose heartbeat the test fires by hand. */
const holder = (pid: number, host = 'field-laptop') => {
  const beats: (() => void)[] = [];
  alive.add(pid);
  const identity: LeaseHolder = {
    pid,
    host,
    isAlive: (p) => alive.has(p),
    heartbeat: (renew) => {
      beats.push(renew);
      return () => beats.splice(beats.indexOf(renew), 1);
    },
  };
  return { identity, beat: () => beats.forEach((b) => b()), beating: () => beats.length };
};

const errorOf = async (work: Promise<unknown>): Promise<PlanError> => {
  try {
    await work;
  } catch (error) {
    if (error instanceof PlanError) return error;
    throw error;
  }
  throw new Error('expected a PlanError');
};

describe('one process per plan (run lease)', () => {
  it('a second engine on the same database is refused while the first runs, then resumes it', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB, 'b.wav': 20 * KiB } });
    const first = holder(111);
    const second = holder(222);
    const a = h.otherProcess(first.identity);
    const b = h.otherProcess(second.identity);
    const plan = await a.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    const running = a.run(plan.id);
    const refused = await errorOf(b.run(plan.id));
    expect(refused.message).toBe(
      `plan ${plan.id} is being deposited by another Depot process, pid 111`,
    );
    expect(refused.detail).toEqual({
      code: 'already-running',
      planId: plan.id,
      holder: { pid: 111, host: 'field-laptop' },
    });
    expect(b.leaseHolder(plan.id)).toEqual({ pid: 111, host: 'field-laptop' });
    expect(await h.time.drive(running)).toEqual({ kind: 'completed' });
    // Released on the way out: the other engine may run it now (nothing left to send).
    expect(h.store.lease(plan.id)).toBeUndefined();
    expect(first.beating()).toBe(0);
    expect(b.leaseHolder(plan.id)).toBeUndefined();
    expect(await h.time.drive(b.run(plan.id))).toEqual({ kind: 'completed' });
  });

  it('a holder from another host is named; its lease is released on stop too', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB } });
    const a = h.otherProcess(holder(111, 'other-laptop').identity);
    const b = h.otherProcess(holder(222).identity);
    const plan = await a.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    const controller = new AbortController();
    const running = a.run(plan.id, { signal: controller.signal });
    expect((await errorOf(b.run(plan.id))).message).toBe(
      `plan ${plan.id} is being deposited by another Depot process, pid 111 on other-laptop`,
    );
    controller.abort();
    expect(await h.time.drive(running)).toEqual({ kind: 'stopped', reason: 'aborted' });
    expect(h.store.lease(plan.id)).toBeUndefined();
  });

  it('the lease of a dead process on this host is taken over at once, and journaled', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB } });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    // What a kill -9 leaves behind: the row of a process that is gone.
    const crashed = { planId: plan.id, pid: 333, host: 'field-laptop', token: 'crashed' };
    h.store.acquireLease({ ...crashed, now: h.time.now(), staleMs: 60_000, isAlive: () => true });
    const b = h.otherProcess(holder(222).identity);
    expect(b.leaseHolder(plan.id)).toBeUndefined();
    expect(await h.time.drive(b.run(plan.id))).toEqual({ kind: 'completed' });
    expect(b.journal({ limit: 100 }).find((j) => j.operation === 'RunLease')?.outcome).toMatch(
      /^taken-over:333:field-laptop:\d+$/,
    );
  });

  it('a live holder elsewhere keeps its lease while its heartbeat is fresh, loses it once stale', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB } });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    const elsewhere = { planId: plan.id, pid: 444, host: 'desk', token: 'desk-run' };
    alive.add(444);
    h.store.acquireLease({ ...elsewhere, now: h.time.now(), staleMs: 60_000, isAlive: () => true });
    const b = h.otherProcess(holder(222).identity);
    await h.time.drive(h.time.sleep(30_000));
    h.store.renewLease(plan.id, 'desk-run', h.time.now());
    await h.time.drive(h.time.sleep(59_000));
    expect((await errorOf(b.run(plan.id))).detail).toMatchObject({ holder: { pid: 444 } });
    await h.time.drive(h.time.sleep(2_000));
    expect(await h.time.drive(b.run(plan.id))).toEqual({ kind: 'completed' });
  });

  it('renews its heartbeat while running; a run whose lease was taken over stops, resumable', async () => {
    h = makeHarness({
      files: { 'big.wav': 12 * MiB },
      settings: { concurrency: 1 },
      memory: { bytesPerSec: 1 * MiB },
    });
    const first = holder(111);
    const a = h.otherProcess(first.identity);
    const plan = await a.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    const running = a.run(plan.id);
    const taken = h.store.lease(plan.id)?.heartbeatAt ?? 0;
    let renewedAt = 0;
    let stolen = false;
    const stopped = h.time.drive(running, {
      hooks: [
        {
          // Both while the first parts are on the wire (5 MiB at 1 MiB/s: 5 s).
          at: taken + 2_000,
          run: () => {
            first.beat();
            renewedAt = h?.store.lease(plan.id)?.heartbeatAt ?? 0;
          },
        },
        {
          at: taken + 3_000,
          run: () => {
            // Another process found it stale (say, after a sleep) and took it.
            stolen =
              h?.store.acquireLease({
                planId: plan.id,
                pid: 555,
                host: 'field-laptop',
                token: 'newcomer',
                now: taken + 600_000,
                staleMs: 60_000,
                isAlive: () => true,
              }).kind === 'taken';
            first.beat();
          },
        },
      ],
    });
    expect(await stopped).toEqual({ kind: 'stopped', reason: 'aborted' });
    expect(renewedAt).toBe(taken + 2_000);
    expect(stolen).toBe(true);
    // The newcomer's lease is left alone by the run that lost it.
    expect(h.store.lease(plan.id)).toMatchObject({ pid: 555, token: 'newcomer' });
    expect(h.engine.planSummary(plan.id)).toMatchObject({ done: 0, failed: 0 });
  });
});
