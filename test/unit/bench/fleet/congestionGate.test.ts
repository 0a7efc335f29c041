import { describe, expect, it } from 'vitest';
import { congestionGate } from '../../../../bench/fleet/congestionGate';

const settings = { max: 3, k: 3, samples: 8, minSamples: 1 };

/** Acquires that have resolved, after the microtasks settle. */
const granted = async (acquires: readonly Promise<void>[]): Promise<number> => {
  let n = 0;
  for (const p of acquires) void p.then(() => (n += 1));
  await new Promise<void>((resolve) => setImmediate(resolve));
  return n;
};

describe('congestionGate', () => {
  it('lets as many requests go as the window allows, the next when one is answered', async () => {
    const gate = congestionGate(settings);
    const first = [gate.acquire(), gate.acquire(), gate.acquire()];
    expect(await granted(first)).toBe(1);
    // A timely answer: the window is 2, and the one freed slot plus the new one let both go.
    gate.release({ kind: 'answered', sentAt: 0, serverMs: 40 }, 100);
    expect(await granted(first)).toBe(3);
  });

  it('a release without a signal (connection refused) frees the slot and leaves the window', async () => {
    const gate = congestionGate(settings);
    const a = [gate.acquire(), gate.acquire()];
    gate.release(undefined, 100);
    expect(await granted(a)).toBe(2);
    const b = gate.acquire();
    expect(await granted([b])).toBe(0);
  });

  it('restarts at one request when the circuit closes', async () => {
    const gate = congestionGate(settings);
    for (let i = 0; i < 3; i++) {
      await gate.acquire();
      gate.release({ kind: 'answered', sentAt: 0, serverMs: 40 }, i);
    }
    expect(await granted([gate.acquire(), gate.acquire(), gate.acquire()])).toBe(3);
    for (let i = 0; i < 3; i++) gate.release(undefined, 10);
    gate.restart();
    expect(await granted([gate.acquire(), gate.acquire()])).toBe(1);
  });
});
