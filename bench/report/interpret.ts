import type { TargetCheck } from '../BenchResults';

/** One line saying what the run shows: which targets hold and which are missed. */
export const interpret = (targets: readonly TargetCheck[]): string => {
  const passed = targets.filter((t) => t.pass === true);
  const missed = targets.filter((t) => t.pass === false);
  if (targets.length === 0) return 'No Depot target was measured in this run.';
  if (missed.length === 0) return `Depot met all ${passed.length} targets measured in this run.`;
  return `Depot met ${passed.length} of ${targets.length} targets; missed: ${missed.map((t) => `${t.name} (${t.measured})`).join('; ')}.`;
};
