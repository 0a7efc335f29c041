import { describe, expect, it } from 'vitest';
import type { PlanVerdict } from '../../../../shared/engine/planVerdict';
import { planVerdict } from '../../../../shared/engine/planVerdict';

describe("planVerdict: a run's end once no unit is runnable", () => {
  it.each<[string, { units: number; done: number; failed: number }, PlanVerdict]>([
    ['every unit done', { units: 3, done: 3, failed: 0 }, { kind: 'completed' }],
    ['an empty plan', { units: 0, done: 0, failed: 0 }, { kind: 'completed' }],
    ['one failed', { units: 3, done: 2, failed: 1 }, { kind: 'failures', failed: 1 }],
    ['failed and waiting', { units: 3, done: 1, failed: 1 }, { kind: 'failures', failed: 1 }],
    [
      'units still deferred',
      { units: 3, done: 2, failed: 0 },
      { kind: 'stopped', reason: 'aborted' },
    ],
  ])('%s', (_, counts, expected) => {
    expect(planVerdict(counts)).toEqual(expected);
  });
});
