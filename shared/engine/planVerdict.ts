/**
 * What a run's end says of its plan once no unit is runnable: failures when any unit failed,
 * completed when every unit is done (its manifest is then written), else stopped (units wait,
 * deferred, for a later run).
 */
export type PlanVerdict =
  | { readonly kind: 'completed' }
  | { readonly kind: 'failures'; readonly failed: number }
  | { readonly kind: 'stopped'; readonly reason: 'aborted' };

export const planVerdict = (counts: {
  readonly units: number;
  readonly done: number;
  readonly failed: number;
}): PlanVerdict => {
  if (counts.failed > 0) return { kind: 'failures', failed: counts.failed };
  if (counts.done !== counts.units) return { kind: 'stopped', reason: 'aborted' };
  return { kind: 'completed' };
};
