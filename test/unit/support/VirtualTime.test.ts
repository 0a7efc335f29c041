import { describe, expect, it } from 'vitest';
import { VirtualTime } from '../../support/VirtualTime';

/** A real task that ends only after `turns` turns of the event loop: a slow disk, on any machine. */
const slowTask = (turns: number): Promise<void> =>
  new Promise((resolve) => {
    const turn = (left: number): void => {
      if (left === 0) resolve();
      else setImmediate(() => turn(left - 1));
    };
    turn(turns);
  });

describe("VirtualTime (the tests' one virtual clock)", () => {
  it('never moves while a tracked task is pending, however many turns it takes', async () => {
    const time = new VirtualTime(0);
    const order: string[] = [];
    const read = time.track(slowTask(200)).then(() => order.push(`read at ${time.now()}`));
    const timer = time.sleep(10).then(() => order.push(`timer at ${time.now()}`));
    await time.drive(Promise.all([read, timer]));
    expect(order).toEqual(['read at 0', 'timer at 10']);
  });

  it('an untracked task is overtaken by a due timer (what tracking is for)', async () => {
    const time = new VirtualTime(0);
    const order: string[] = [];
    const read = slowTask(200).then(() => order.push(`read at ${time.now()}`));
    const timer = time.sleep(10).then(() => order.push(`timer at ${time.now()}`));
    await time.drive(Promise.all([read, timer]));
    expect(order).toEqual(['timer at 10', 'read at 10']);
  });

  it('with nothing to wake, waits for untracked work to file its next timer instead of failing', async () => {
    const time = new VirtualTime(0);
    const work = (async () => {
      await slowTask(50);
      await time.sleep(5_000);
      return time.now();
    })();
    expect(await time.drive(work)).toBe(5_000);
  });

  it('wakes timers in order of instant, then of filing; an aborted sleep never wakes', async () => {
    const time = new VirtualTime(0);
    const order: string[] = [];
    const aborted = new AbortController();
    const sleeps = [
      time.sleep(20).then(() => order.push('b@20')),
      time.sleep(10).then(() => order.push('a@10')),
      time.sleep(20).then(() => order.push('c@20')),
      time.sleep(15, aborted.signal).then(
        () => order.push('aborted woke'),
        () => order.push('aborted'),
      ),
    ];
    aborted.abort();
    await time.drive(Promise.all(sleeps));
    expect(order).toEqual(['aborted', 'a@10', 'b@20', 'c@20']);
    expect(time.now()).toBe(20);
  });

  it('runs a hook when time reaches it, before the wake-up due after it', async () => {
    const time = new VirtualTime(0);
    const order: string[] = [];
    await time.drive(
      time.sleep(100).then(() => order.push(`woke at ${time.now()}`)),
      { hooks: [{ at: 40, run: () => order.push(`hook at ${time.now()}`) }] },
    );
    expect(order).toEqual(['hook at 40', 'woke at 100']);
  });
});
