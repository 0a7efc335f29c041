import { describe, expect, it } from 'vitest';
import { VirtualScheduler } from '../../../../bench/fleet/VirtualScheduler';

describe('VirtualScheduler', () => {
  it('wakes sleepers in time order, same instant in filing order, without real waits', async () => {
    const time = new VirtualScheduler(0);
    const woke: string[] = [];
    const sleeper = async (name: string, ms: number): Promise<void> => {
      await time.sleep(ms);
      woke.push(`${name}@${time.now()}`);
    };
    const all = [sleeper('c', 300), sleeper('a', 100), sleeper('b', 100), sleeper('d', 0)];
    let done = false;
    void Promise.all(all).then(() => (done = true));
    await time.runUntil(() => done, 1_000);
    expect(woke).toEqual(['d@0', 'a@100', 'b@100', 'c@300']);
  });

  it('an aborted sleep rejects at once and its timer never fires', async () => {
    const time = new VirtualScheduler(0);
    const controller = new AbortController();
    const aborted = time.sleep(500, controller.signal).then(
      () => 'woke',
      (error: Error) => `${error.name}@${time.now()}`,
    );
    let result = '';
    void aborted.then((r) => (result = r));
    void time.sleep(50).then(() => controller.abort());
    await time.runUntil(() => result !== '', 1_000);
    expect(result).toBe('AbortError@50');
  });

  it('reports a deadlock and a run past the horizon', async () => {
    const time = new VirtualScheduler(0);
    await expect(time.runUntil(() => false, 1_000)).rejects.toThrow(/deadlock/);
    void time.sleep(5_000);
    await expect(time.runUntil(() => false, 1_000)).rejects.toThrow(/horizon/);
  });
});
