import { describe, expect, it } from 'vitest';
import { harshProfile, mildProfile } from '../../../bench/lab/linkProfiles';
import { defaultLinkSettings } from '../../../bench/lab/LinkSettings';

const options = (seed: number) => ({
  base: defaultLinkSettings,
  horizonS: 1500,
  seed,
  outageAtS: 400,
  outageS: 180,
});

describe('link profiles (issue 5)', () => {
  it('mild: down 1 s every 20 s over the horizon, at the base settings', () => {
    const p = mildProfile(options(1));
    expect(p.settings).toEqual(defaultLinkSettings);
    expect(p.cuts.slice(0, 3).map((c) => c.atS)).toEqual([20, 40, 60]);
    expect(p.cuts.every((c) => c.downS === 1 && !c.resetAfter)).toBe(true);
    expect(p.cuts.at(-1)?.atS).toBeLessThan(1500);
  });

  it('harsh: same seed, same schedule; another seed, another one', () => {
    expect(harshProfile(options(7)).cuts).toEqual(harshProfile(options(7)).cuts);
    expect(harshProfile(options(8)).cuts).not.toEqual(harshProfile(options(7)).cuts);
  });

  it.each([1, 2, 3, 42, 1234])(
    'harsh (seed %i): 2 %% loss, an early cut, 5-30 s cuts every 1-2 min with resets, one long outage, no overlap',
    (seed) => {
      const p = harshProfile(options(seed));
      expect(p.settings.lossPermille).toBe(20);
      const [first] = p.cuts;
      expect(first?.atS).toBeGreaterThanOrEqual(2);
      expect(first?.atS).toBeLessThanOrEqual(5);
      const outages = p.cuts.filter((c) => c.kind === 'outage');
      expect(outages).toHaveLength(1);
      expect(outages[0]?.downS).toBe(180);
      expect(outages[0]?.atS).toBeGreaterThanOrEqual(400);
      for (const c of p.cuts.filter((x) => x.kind === 'cut')) {
        expect(c.downS).toBeGreaterThanOrEqual(5);
        expect(c.downS).toBeLessThanOrEqual(30);
      }
      expect(p.cuts.every((c) => c.resetAfter)).toBe(true);
      for (let i = 1; i < p.cuts.length; i++) {
        const before = p.cuts[i - 1];
        const gap = (p.cuts[i]?.atS ?? 0) - ((before?.atS ?? 0) + (before?.downS ?? 0));
        expect(gap).toBeGreaterThanOrEqual(30);
        if (p.cuts[i]?.kind === 'cut' && before?.kind === 'cut') {
          expect(gap).toBeGreaterThanOrEqual(60);
          expect(gap).toBeLessThanOrEqual(120);
        }
      }
    },
  );
});
