import { describe, expect, it } from 'vitest';
import { systemClock } from '../../../electron/runtime/systemClock';
import { systemRandom } from '../../../electron/runtime/systemRandom';
import { timerSleeper } from '../../../electron/runtime/timerSleeper';

// The real implementations, checked without waiting on any real delay.
describe('runtime ports', () => {
  it('systemClock reads epoch ms', () => {
    const before = Date.now();
    const now = systemClock.now();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it('systemRandom stays in [0, 1)', () => {
    for (let i = 0; i < 1000; i += 1) {
      const r = systemRandom.next();
      expect(r >= 0 && r < 1).toBe(true);
    }
  });

  it('timerSleeper resolves a zero wait', async () => {
    await expect(timerSleeper.sleep(0)).resolves.toBeUndefined();
  });

  it('timerSleeper rejects AbortError at once for an aborted signal', async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(timerSleeper.sleep(60_000, controller.signal)).rejects.toMatchObject({
      name: 'AbortError',
    });
  });

  it('timerSleeper rejects AbortError when aborted during a long wait', async () => {
    const controller = new AbortController();
    const started = Date.now();
    const waiting = timerSleeper.sleep(60_000, controller.signal);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it('timerSleeper turns a custom abort reason into an AbortError', async () => {
    const controller = new AbortController();
    const waiting = timerSleeper.sleep(60_000, controller.signal);
    controller.abort(new Error('stopped'));
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
  });
});
