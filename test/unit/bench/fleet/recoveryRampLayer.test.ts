import { describe, expect, it } from 'vitest';
import { depotRetryLayer } from '../../../../bench/fleet/depotRetryLayer';
import { recoveryRampLayer } from '../../../../bench/fleet/recoveryRampLayer';
import { VirtualScheduler } from '../../../../bench/fleet/VirtualScheduler';
import { success, type Outcome } from '../../../../shared/retry/Outcome';
import { RetryPolicy } from '../../../../shared/retry/RetryPolicy';
import { itemAt } from '../../../support/itemAt';

const ENDPOINT = 'http://ramp.invalid:7480';
const shape = { burst: 2, startPerS: 0.5, stepMs: 10_000, fullPerS: 2 };

/** A policy whose circuit opened on three resets, behind the ramp; random 1: steps of 10 s. */
const setup = () => {
  const time = new VirtualScheduler(0);
  const random = { next: () => 1 - 2 ** -40 };
  const policy = new RetryPolicy({ clock: time, sleeper: time, random });
  const layer = recoveryRampLayer(depotRetryLayer(policy, ENDPOINT), policy, time, random, shape);
  const sent: number[] = [];
  let up = false;
  const attempt = async (): Promise<Outcome<undefined>> => {
    sent.push(time.now());
    await time.sleep(0);
    return up ? success(undefined) : { kind: 'unreachable', reason: 'connection-reset' };
  };
  const call = () =>
    layer.run(
      { endpoint: ENDPOINT, profile: 'brief', deadline: time.now() + 600_000, operation: 'op' },
      attempt,
    );
  return { time, policy, sent, call, setUp: () => (up = true) };
};

const drive = async (time: VirtualScheduler, work: Promise<unknown>): Promise<void> => {
  let done = false;
  void work.then(() => (done = true));
  await time.runUntil(() => done, 3_600_000);
};

describe('recoveryRampLayer (the ramp tried for issue 16, ADR 0019)', () => {
  it('leaves calls alone while the circuit has never opened', async () => {
    const { time, sent, call, setUp } = setup();
    setUp();
    await drive(time, Promise.all(Array.from({ length: 5 }, () => call())));
    expect(sent).toEqual([0, 0, 0, 0, 0]);
  });

  it('once the circuit closes: the burst at once, then the rate, doubling each step until full', async () => {
    const { time, policy, sent, call, setUp } = setup();
    await drive(time, Promise.all([call(), call(), call()]));
    expect(policy.circuit(ENDPOINT).kind).toBe('open');
    setUp();
    sent.length = 0;
    // The first call is the probe that closes the circuit; the others then meet the ramp.
    await drive(time, Promise.all(Array.from({ length: 9 }, () => call())));
    const closedAt = itemAt(sent, 0);
    const after = sent.map((t) => t - closedAt);
    // Probe, then the burst of 2, then one per 2 s (0.5/s) until the 10 s step, 1/s after it,
    // and at the next step (20 s) the rate would be full: the ramp ends, the rest go at once.
    expect(after).toEqual([0, 0, 0, 2_000, 4_000, 6_000, 8_000, 10_000, 11_000]);
  });
});
