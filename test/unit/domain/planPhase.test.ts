import { describe, expect, it } from 'vitest';
import { planPhase, type PlanFacts } from '../../../shared/domain/planPhase';

const facts = (over: Partial<PlanFacts>): PlanFacts => ({
  units: 3,
  pending: 0,
  inProgress: 0,
  deferred: 0,
  done: 3,
  failed: 0,
  leftOut: 0,
  paused: false,
  manifestAt: 1,
  ...over,
});

describe('planPhase: one rule for the engine, the command line and the app', () => {
  it.each([
    ['every file verified, manifest written', {}, 'completed'],
    ['every file verified, manifest not yet written', { manifestAt: null }, 'to-do'],
    // A manifest recorded while files were re-queued after it (retry, update) is not the end.
    ['manifest recorded but a file re-queued', { done: 2, pending: 1 }, 'to-do'],
    ['files left to send', { done: 1, pending: 2, manifestAt: null }, 'to-do'],
    ['deferred files only', { done: 2, deferred: 1, manifestAt: null }, 'to-do'],
    ['nothing open, some failed', { done: 2, failed: 1, manifestAt: null }, 'failures'],
    ['paused with work left', { done: 1, pending: 2, paused: true, manifestAt: null }, 'paused'],
    ['paused but complete', { paused: true }, 'completed'],
    [
      'paused with failures only',
      { done: 2, failed: 1, paused: true, manifestAt: null },
      'failures',
    ],
  ] as const)('%s', (_name, over, phase) => {
    expect(planPhase(facts(over))).toBe(phase);
  });
});
