import { describe, expect, it } from 'vitest';
import type { EmissionInFlight } from '../../../../shared/engine/stalledToResend';
import { stalledToResend } from '../../../../shared/engine/stalledToResend';

const MB = 1_000_000;

/** Started at 0, moving at `bytesPerSec` until `lastProgressAt`. */
const moving = (
  id: number,
  lastProgressAt: number,
  bytesPerSec: number,
  extra: Partial<EmissionInFlight> = {},
): EmissionInFlight => ({
  id,
  startedAt: 0,
  lastProgressAt,
  sentBytes: Math.round((bytesPerSec * lastProgressAt) / 1000),
  replayable: true,
  ...extra,
});

// The circuit opened at 3 s (a check 1 s after the route went at 2 s) and closed at 7.2 s.
const outage = { openedAt: 3_000, now: 7_200 };

describe('stalledToResend: which emissions go again at once when the circuit closes', () => {
  it.each<[string, readonly EmissionInFlight[], { openedAt: number; now: number }, number[]]>([
    [
      'four parts silent since the route went, 0.3 MB/s each: the link would idle 2.6 s (3.1 MB), the three cheapest fit',
      [
        moving(1, 2_000, 0.3 * MB),
        moving(2, 2_000, 0.3 * MB, { startedAt: 500, sentBytes: 0.45 * MB }),
        moving(3, 2_000, 0.3 * MB, { startedAt: 1_000, sentBytes: 0.3 * MB }),
        moving(4, 2_000, 0.3 * MB, { startedAt: -8_000, sentBytes: 3 * MB }),
      ],
      outage,
      [3, 2, 1],
    ],
    [
      'the cheapest is abandoned even when it alone exceeds nothing (it had sent nothing)',
      [
        moving(1, 2_000, 1 * MB),
        { id: 2, startedAt: 1_990, lastProgressAt: 1_990, sentBytes: 0, replayable: true },
      ],
      outage,
      [2, 1],
    ],
    [
      'a request with no body waiting for its answer (HeadObject, ListParts) costs nothing to resend',
      [{ id: 7, startedAt: 1_900, lastProgressAt: 1_900, sentBytes: 0, replayable: true }],
      outage,
      [7],
    ],
    [
      'a part that moved after the circuit opened is moving: kept',
      [moving(1, 3_500, 0.3 * MB), moving(2, 2_000, 0.3 * MB)],
      outage,
      [2],
    ],
    [
      'moved exactly when the circuit opened: silent since, abandoned',
      [{ id: 1, startedAt: 2_500, lastProgressAt: 3_000, sentBytes: 0.15 * MB, replayable: true }],
      outage,
      [1],
    ],
    [
      'a write whose whole body went out may have acted: never abandoned (asked about instead)',
      [moving(1, 2_000, 0.3 * MB, { replayable: false })],
      outage,
      [],
    ],
    [
      'a 1 s cut: silent 2.5 s, left to TCP even where resending would cost nothing',
      [
        moving(1, 2_000, 0.3 * MB),
        { id: 2, startedAt: 1_990, lastProgressAt: 1_990, sentBytes: 0, replayable: true },
      ],
      { openedAt: 2_200, now: 4_490 },
      [],
    ],
    [
      'silent 3 s: the shortest silence a resend is weighed for',
      [{ id: 2, startedAt: 1_990, lastProgressAt: 1_990, sentBytes: 0, replayable: true }],
      { openedAt: 2_200, now: 4_990 },
      [2],
    ],
    [
      'a short outage: the link idles little, a part that sent 1 MB keeps what it sent',
      [moving(1, 2_000, 0.5 * MB, { sentBytes: 1 * MB })],
      { openedAt: 2_900, now: 3_300 },
      [],
    ],
    [
      'a long outage: every silent part goes again',
      [
        moving(1, 2_000, 0.3 * MB),
        moving(2, 2_000, 0.3 * MB),
        moving(3, 2_000, 0.3 * MB),
        moving(4, 2_000, 0.3 * MB),
      ],
      { openedAt: 3_000, now: 60_000 },
      [1, 2, 3, 4],
    ],
    [
      'equal costs: the oldest first, then by id',
      [
        { id: 5, startedAt: 100, lastProgressAt: 100, sentBytes: 0, replayable: true },
        { id: 4, startedAt: 50, lastProgressAt: 50, sentBytes: 0, replayable: true },
        { id: 3, startedAt: 100, lastProgressAt: 100, sentBytes: 0, replayable: true },
      ],
      outage,
      [4, 3, 5],
    ],
    ['nothing in flight', [], outage, []],
  ])('%s', (_, inFlight, observed, expected) => {
    expect(stalledToResend(inFlight, observed)).toEqual(expected);
  });
});
