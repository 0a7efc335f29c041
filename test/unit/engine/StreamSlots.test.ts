import { describe, expect, it } from 'vitest';
import { StreamSlots } from '../../../electron/engine/StreamSlots';

describe('StreamSlots', () => {
  it('lends idle slots, and a worker waiting for a file comes before any borrower', async () => {
    const slots = new StreamSlots(2);
    const signal = new AbortController().signal;
    const a = await slots.acquire(signal);
    const borrowed = slots.tryBorrow();
    expect(borrowed).toBeDefined();
    expect(slots.tryBorrow()).toBeUndefined();
    let got = false;
    const waiting = slots.acquire(signal).then((release) => {
      got = true;
      return release;
    });
    expect(slots.wanted).toBe(true);
    a();
    const b = await waiting;
    expect(got).toBe(true);
    // The slot went to the waiting worker, not back to the pool.
    expect(slots.tryBorrow()).toBeUndefined();
    borrowed?.();
    borrowed?.(); // released twice: counted once
    expect(slots.wanted).toBe(false);
    const again = slots.tryBorrow();
    expect(again).toBeDefined();
    expect(slots.tryBorrow()).toBeUndefined();
    again?.();
    b();
  });

  it('tells borrowers when a slot frees, and stops telling them', async () => {
    const slots = new StreamSlots(1);
    const signal = new AbortController().signal;
    const release = await slots.acquire(signal);
    let told = 0;
    const stop = slots.onFree(() => (told += 1));
    release();
    expect(told).toBe(1);
    stop();
    const again = slots.tryBorrow();
    again?.();
    expect(told).toBe(1);
  });

  it('an aborted wait leaves the queue and rejects with AbortError', async () => {
    const slots = new StreamSlots(1);
    const held = await slots.acquire(new AbortController().signal);
    const controller = new AbortController();
    const waiting = slots.acquire(controller.signal);
    controller.abort();
    await expect(waiting).rejects.toMatchObject({ name: 'AbortError' });
    expect(slots.wanted).toBe(false);
    held();
    expect(slots.tryBorrow()).toBeDefined();
  });
});
