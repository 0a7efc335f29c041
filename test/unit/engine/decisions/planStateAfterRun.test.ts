import { describe, expect, it } from 'vitest';
import type { PlanStateAfterRun } from '../../../../shared/engine/planStateAfterRun';
import { planStateAfterRun } from '../../../../shared/engine/planStateAfterRun';

describe('planStateAfterRun: what a plan shows once its run ended', () => {
  it.each<[Parameters<typeof planStateAfterRun>[0], PlanStateAfterRun]>([
    [{ kind: 'completed' }, 'completed'],
    [{ kind: 'failures' }, 'failures'],
    [{ kind: 'blocked' }, 'blocked'],
    [{ kind: 'stopped', reason: 'paused' }, 'paused'],
    [{ kind: 'stopped', reason: 'aborted' }, 'stopped'],
  ])('%j', (result, expected) => {
    expect(planStateAfterRun(result)).toBe(expected);
  });
});
