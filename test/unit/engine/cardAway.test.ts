import { readFileSync, renameSync, rmSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { contentOf, KiB, makeHarness, MiB } from './engineHarness';
import type { Harness } from './engineHarness';

let h: Harness | undefined;
afterEach(() => h?.cleanup());

const bytesOn = (h: Harness, key: string): Buffer =>
  Buffer.from(h.objects.objects.get(key)?.bytes ?? []);

/** Issue 30, item 10: a card that drops out for a few seconds is a pause, not a failure. */
describe('a card pulled out of its reader mid-night', () => {
  it('waits for the card, says so, and goes on where it was once it is back', async () => {
    h = makeHarness({
      files: { 'big.wav': 12 * MiB, 'a.wav': 40 * KiB, 'b.wav': 40 * KiB, 'c.wav': 40 * KiB },
      settings: { concurrency: 1 },
    });
    const harness = h;
    const away = `${h.dir}.away`;
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    let pulled = false;
    h.engine.on((e) => {
      if (!pulled && e.type === 'plan-progress' && e.bytesAcked >= 5 * MiB) {
        pulled = true;
        renameSync(harness.dir, away);
        // Put back 20 s later (virtual time): the engine only looks, it sends nothing meanwhile.
        void harness.time.sleep(20_000).then(() => renameSync(away, harness.dir));
      }
    });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    expect(pulled).toBe(true);
    const said = h.events.flatMap((e) => (e.type === 'waiting-card' ? [e.waiting] : []));
    expect(said).toEqual([true, false]);
    expect(h.engine.planSummary(plan.id)).toMatchObject({ done: 4, failed: 0 });
    // At most the part on the wire when the card went is sent twice.
    expect(h.objects.count('uploadPart')).toBeLessThanOrEqual(3 + 1);
    for (const name of ['big.wav', 'a.wav', 'b.wav', 'c.wav']) {
      expect(bytesOn(h, `p/${name}`).equals(readFileSync(join(h.dir, name)))).toBe(true);
    }
  });

  it('a read that failed while the card was out, looked at once it is back, is read again', async () => {
    // The card went and came back between this file's failed open and the engine's look: the
    // folder and every file are there, the failure speaks of a moment that is over.
    let refusals = 1;
    h = makeHarness({
      files: { 'a.wav': 40 * KiB, 'b.wav': 40 * KiB, 'c.wav': 40 * KiB },
      failOpen: (name) =>
        name === 'b.wav' && refusals-- > 0
          ? Object.assign(new Error(`ENOENT: no such file, open '${name}'`), { code: 'ENOENT' })
          : undefined,
    });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    expect(refusals).toBeLessThan(0);
    expect(h.events.some((e) => e.type === 'waiting-card')).toBe(false);
    expect(h.engine.planSummary(plan.id)).toMatchObject({ done: 3, failed: 0 });
    expect(bytesOn(h, 'p/b.wav').equals(readFileSync(join(h.dir, 'b.wav')))).toBe(true);
  });

  it('a file the folder shows but that never opens fails after two more looks, not in a loop', async () => {
    let opens = 0;
    h = makeHarness({
      files: { 'a.wav': 40 * KiB, 'b.wav': 40 * KiB },
      failOpen: (name) => {
        if (name !== 'b.wav') return undefined;
        opens += 1;
        return Object.assign(new Error(`ENOENT: no such file, open '${name}'`), { code: 'ENOENT' });
      },
    });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    const planned = opens;
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'failures', failed: 1 });
    // The first read and two more looks.
    expect(opens - planned).toBe(3);
    const [failed] = h.engine.failedUnits(plan.id);
    expect(failed?.state).toEqual({ kind: 'failed', cause: { kind: 'source-missing' } });
  });

  it('a file gone while its card stays fails for good; back as it was, the next run sends it', async () => {
    h = makeHarness({ files: { 'a.wav': 40 * KiB, 'b.wav': 40 * KiB, 'c.wav': 40 * KiB } });
    const b = join(h.dir, 'b.wav');
    // In seconds, to the microsecond, as a card put back keeps it.
    const mtime = statSync(b).mtimeMs / 1000;
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    rmSync(b);
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'failures', failed: 1 });
    expect(h.events.some((e) => e.type === 'waiting-card')).toBe(false);
    const [failed] = h.engine.failedUnits(plan.id);
    expect(failed?.state).toEqual({ kind: 'failed', cause: { kind: 'source-missing' } });
    // Put back as it was: the same command again (or Reprendre) is all it takes.
    writeFileSync(b, contentOf('b.wav', 40 * KiB));
    utimesSync(b, mtime, mtime);
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    expect(bytesOn(h, 'p/b.wav').equals(readFileSync(b))).toBe(true);
  });

  it('back but changed: "Retenter les échecs" plans it again as it is now', async () => {
    h = makeHarness({ files: { 'a.wav': 40 * KiB, 'b.wav': 40 * KiB } });
    const b = join(h.dir, 'b.wav');
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    rmSync(b);
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'failures', failed: 1 });
    h.writeFile('b.wav', 50 * KiB);
    // Not as planned: a run alone leaves it failed...
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'failures', failed: 1 });
    // ...and the volunteer's retry sends it as it is now.
    expect(h.engine.retryFailures(plan.id)).toMatchObject({ requeued: 1, definitive: 0 });
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'completed' });
    expect(bytesOn(h, 'p/b.wav').equals(readFileSync(b))).toBe(true);
  });

  it('a night of one file cannot tell its card from its file while its folder is there', async () => {
    h = makeHarness({ files: { 'only.wav': 40 * KiB } });
    const plan = await h.engine.planFolder({ dir: h.dir, bucket: 'b', prefix: 'p' });
    rmSync(join(h.dir, 'only.wav'));
    expect(await h.time.drive(h.engine.run(plan.id))).toEqual({ kind: 'failures', failed: 1 });
  });
});
