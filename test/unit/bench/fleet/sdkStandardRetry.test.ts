import { describe, expect, it } from 'vitest';
import { sdkDefaults, sdkStandardRetry } from '../../../../bench/fleet/sdkStandardRetry';
import { VirtualScheduler } from '../../../../bench/fleet/VirtualScheduler';
import type { Failure, Outcome } from '../../../../shared/retry/Outcome';

const call = {
  endpoint: 'e',
  profile: 'insistent',
  deadline: 1e12,
  operation: 'PutObject',
} as const;

const drive = async <T>(time: VirtualScheduler, work: Promise<T>): Promise<T> => {
  let done = false;
  void work.then(() => (done = true));
  await time.runUntil(() => done, 1e12);
  return work;
};

describe('sdkStandardRetry (the SDK default, modelled)', () => {
  it('makes 3 attempts, full jitter from 50 ms for a 503, up to the Retry-After + 5 s', async () => {
    const time = new VirtualScheduler(0);
    const sdk = sdkStandardRetry({ sleeper: time, random: { next: () => 0.5 } });
    const at: number[] = [];
    const failure: Failure = { kind: 'refused', status: 503, code: 'ServiceUnavailable' };
    const result = await drive(
      time,
      sdk.run(call, () => {
        at.push(time.now());
        return Promise.resolve(failure as Outcome<never>);
      }),
    );
    expect(result).toMatchObject({ kind: 'gave-up', reason: 'attempts-exhausted', attempts: 3 });
    // floor(0.5 * 50), floor(0.5 * 100)
    expect(at).toEqual([0, 25, 75]);
    const slow = sdkStandardRetry({ sleeper: time, random: { next: () => 0.5 } });
    const t0 = time.now();
    const seen: number[] = [];
    await drive(
      time,
      slow.run(call, () => {
        seen.push(time.now() - t0);
        return Promise.resolve({ ...failure, retryAfterMs: 30_000 } as Outcome<never>);
      }),
    );
    expect(seen).toEqual([0, 5_025, 5_025 + 5_050]);
  });

  it('spends its quota of 500 (14 a retry, 5 for SlowDown) and then stops retrying', async () => {
    const time = new VirtualScheduler(0);
    const sdk = sdkStandardRetry({ sleeper: time, random: { next: () => 0 } });
    const refused: Outcome<never> = { kind: 'unreachable', reason: 'connection-refused' };
    const reasons: string[] = [];
    for (let i = 0; i < 20; i++) {
      const r = await drive(
        time,
        sdk.run(call, () => Promise.resolve(refused)),
      );
      reasons.push(r.kind === 'gave-up' ? r.reason : r.kind);
    }
    // 500 / 14 = 35 retries: 17 calls with two, the 18th with one, then none.
    expect(reasons.filter((r) => r === 'attempts-exhausted')).toHaveLength(17);
    expect(reasons.slice(17)).toEqual(['budget', 'budget', 'budget']);
    expect(sdk.retries()).toEqual({ firstAttempts: 20, retries: 35, bound: 40 });
    expect(sdkDefaults.quota - 35 * sdkDefaults.cost).toBeLessThan(sdkDefaults.cost);
  });

  it('a success gives back what its retry cost', async () => {
    const time = new VirtualScheduler(0);
    const sdk = sdkStandardRetry({ sleeper: time, random: { next: () => 0 } });
    const slowDown: Outcome<never> = { kind: 'refused', status: 503, code: 'SlowDown' };
    const down: Outcome<never> = { kind: 'unreachable', reason: 'timeout' };
    for (let i = 0; i < 17; i++)
      await drive(
        time,
        sdk.run(call, () => Promise.resolve(down)),
      );
    // 500 - 34 x 14 = 24 left: one SlowDown retry (5), then success refunds it.
    let n = 0;
    const r = await drive(
      time,
      sdk.run(call, () => Promise.resolve(n++ === 0 ? slowDown : { kind: 'success', value: 1 })),
    );
    expect(r.kind).toBe('success');
    const again = await drive(
      time,
      sdk.run(call, () => Promise.resolve(down)),
    );
    // 24 left again: one more retry of 14, then 10 < 14.
    expect(again).toMatchObject({ reason: 'budget', attempts: 2 });
  });
});
