import { afterEach, describe, expect, it } from 'vitest';
import { KiB, makeHarness } from './engineHarness';
import type { Harness } from './engineHarness';

let h: Harness | undefined;
afterEach(() => h?.cleanup());

/** What better-sqlite3 throws on a full disk: a SqliteError with its code. */
const diskFull = (where: string): Error =>
  Object.assign(new Error(`database or disk is full (${where})`), { code: 'SQLITE_FULL' });

describe('a run whose database fails (issue 12)', () => {
  it('keeps the error that stopped the run when the lease release fails too', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB } });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    const store = h.store;
    const getPlan = store.getPlan.bind(store);
    let reads = 0;
    // run() reads the plan, then runPlan reads it again: the second read is the run's failure.
    store.getPlan = (id) => {
      reads += 1;
      if (reads === 2) throw diskFull('during the run');
      return getPlan(id);
    };
    store.releaseLease = () => {
      throw diskFull('releasing the lease');
    };
    store.resetInProgress = () => {
      throw diskFull('resetting units');
    };
    await expect(h.engine.run(plan.id)).rejects.toThrow(
      'database or disk is full (during the run)',
    );
  });

  it('still reports a cleanup failure when the run itself ended without error', async () => {
    h = makeHarness({ files: { 'a.wav': 10 * KiB } });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    const store = h.store;
    store.releaseLease = () => {
      throw diskFull('releasing the lease');
    };
    await expect(h.time.drive(h.engine.run(plan.id))).rejects.toThrow(
      'database or disk is full (releasing the lease)',
    );
  });
});
