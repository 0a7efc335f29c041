import { describe, expect, it } from 'vitest';
import type { PlanVerdict } from '../../../../shared/engine/planVerdict';
import { planVerdict } from '../../../../shared/engine/planVerdict';

type Counts = { units: number; done: number; failed: number; deferred: number };

describe("planVerdict: a run's end once no unit is runnable", () => {
  it.each<[string, Counts, number | undefined, PlanVerdict]>([
    [
      'every unit done',
      { units: 3, done: 3, failed: 0, deferred: 0 },
      undefined,
      { kind: 'completed' },
    ],
    [
      'an empty plan',
      { units: 0, done: 0, failed: 0, deferred: 0 },
      undefined,
      { kind: 'completed' },
    ],
    [
      'one failed',
      { units: 3, done: 2, failed: 1, deferred: 0 },
      undefined,
      { kind: 'failures', failed: 1 },
    ],
    [
      'failed, and another postponed by the server: the failure speaks first',
      { units: 3, done: 1, failed: 1, deferred: 1 },
      9_000,
      { kind: 'failures', failed: 1 },
    ],
    [
      'units deferred past what a run waits: postponed until the earliest',
      { units: 3, done: 1, failed: 0, deferred: 2 },
      9_000,
      { kind: 'postponed', units: 2, until: 9_000 },
    ],
    [
      'units left but none deferred (stopped under them)',
      { units: 3, done: 2, failed: 0, deferred: 0 },
      undefined,
      { kind: 'stopped', reason: 'aborted' },
    ],
  ])('%s', (_, counts, earliest, expected) => {
    expect(planVerdict(counts, earliest)).toEqual(expected);
  });
});
