import type { Cut, LinkProfile } from './LinkProfile';
import type { LinkSettings } from './LinkSettings';
import { seededRandom } from '../../shared/random/seededRandom';

export type ProfileOptions = {
  readonly base: LinkSettings;
  /** Schedules cover this many seconds; a run longer than that sees no further cuts. */
  readonly horizonS: number;
  readonly seed: number;
  /** When the harsh profile's long outage starts (mid-run), and how long it lasts. */
  readonly outageAtS: number;
  readonly outageS: number;
  readonly mildEveryS?: number;
  readonly mildDownS?: number;
};

/** Issue 5, "mild": the base link, down 1 s every 20 s. */
export const mildProfile = (o: ProfileOptions): LinkProfile => {
  const every = o.mildEveryS ?? 20;
  const down = o.mildDownS ?? 1;
  const cuts: Cut[] = [];
  for (let at = every; at < o.horizonS; at += every) {
    cuts.push({ atS: at, downS: down, kind: 'cut', resetAfter: false });
  }
  return {
    name: 'mild',
    settings: o.base,
    description: `${o.base.rateMbit} Mbit/s, ${o.base.delayMs} ms each way, ${o.base.lossPermille / 10} % loss, down ${down} s every ${every} s`,
    cuts,
  };
};

/**
 * Issue 5, "harsh": 2 % loss, cuts of 5-30 s every 1-2 min, one in the first seconds, every
 * connection reset when a cut ends, one long outage mid-run. Seeded: same schedule for every tool.
 */
export const harshProfile = (o: ProfileOptions): LinkProfile => {
  const random = seededRandom(o.seed);
  const cuts: Cut[] = [];
  const cut = (atS: number): Cut => ({
    atS,
    downS: Math.round(random.between(5, 30)),
    kind: 'cut',
    resetAfter: true,
  });
  cuts.push(cut(Math.round(random.between(2, 5))));
  let at = (cuts[0]?.atS ?? 0) + (cuts[0]?.downS ?? 0);
  let outagePlaced = false;
  const outage = (): void => {
    // Never overlapping the cut before it.
    const atS = Math.max(o.outageAtS, at + 30);
    cuts.push({ atS, downS: o.outageS, kind: 'outage', resetAfter: true });
    outagePlaced = true;
    at = atS + o.outageS;
  };
  while (at < o.horizonS) {
    const next = at + Math.round(random.between(60, 120));
    if (!outagePlaced && next >= o.outageAtS) {
      outage();
      continue;
    }
    const c = cut(next);
    cuts.push(c);
    at = next + c.downS;
  }
  if (!outagePlaced) outage();
  const base = { ...o.base, lossPermille: 20 };
  return {
    name: 'harsh',
    settings: base,
    description: `${base.rateMbit} Mbit/s, ${base.delayMs} ms each way, 2 % loss, cuts 5-30 s every 1-2 min (one at start), resets after each cut, ${o.outageS} s outage at ${cuts.find((c) => c.kind === 'outage')?.atS ?? o.outageAtS} s (seed ${o.seed})`,
    cuts: [...cuts].sort((a, b) => a.atS - b.atS),
  };
};
