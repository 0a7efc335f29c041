import type { SourceChange } from '../engine/fingerprint';
import { PlanError } from '../engine/PlanError';
import type { PlanFolderInput } from '../engine/planFolder';
import type { PlanningResult } from '../engine/PlanSummary';

/** What planning needs of the engine (`DepositEngine` and the app's `EnginePort` satisfy it). */
export type Planner = { planFolder(input: PlanFolderInput): Promise<PlanningResult> };

/** One night to plan: its own prefix and files, and what its manifest records. */
export type NightToPlan = {
  readonly prefix: string;
  readonly include: readonly string[];
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly names?: ReadonlyMap<string, string>;
};

/** What every night of the folder shares: the folder's one scan, the destination, the mode. */
export type FolderToPlan = Omit<PlanFolderInput, 'prefix' | 'include' | 'metadata' | 'names'>;

/** Planning the nights: every one planned, or why not (nothing has run either way). */
export type PlannedNights<N> =
  | {
      readonly kind: 'planned';
      readonly plans: readonly { readonly night: N; readonly plan: PlanningResult }[];
    }
  /** The folder changed since these nights were planned: deposit the changes (`update`). */
  | {
      readonly kind: 'changed';
      readonly changes: readonly { readonly night: N; readonly change: SourceChange }[];
    }
  /** Planning a night failed otherwise (held by another process, a bad plan, a stop). */
  | { readonly kind: 'failed'; readonly night: N; readonly error: unknown };

/**
 * Plans each night of a folder, one plan each, before any of them runs: a changed folder (or
 * any refusal) starts nothing. `changes: 'all'` plans every night to list every change at once
 * (the app shows them together); `'first'` stops at the first night refused (the command line).
 */
export const planNights = async <N extends NightToPlan>(
  planner: Planner,
  folder: FolderToPlan,
  nights: readonly N[],
  changes: 'all' | 'first',
): Promise<PlannedNights<N>> => {
  const plans: { readonly night: N; readonly plan: PlanningResult }[] = [];
  const changed: { readonly night: N; readonly change: SourceChange }[] = [];
  for (const night of nights) {
    try {
      const plan = await planner.planFolder({
        ...folder,
        prefix: night.prefix,
        include: night.include,
        metadata: night.metadata,
        ...(night.names === undefined ? {} : { names: night.names }),
      });
      plans.push({ night, plan });
    } catch (error) {
      const sourcesChanged = error instanceof PlanError && error.detail.code === 'sources-changed';
      if (!sourcesChanged || changes === 'first') return { kind: 'failed', night, error };
      changed.push(...error.detail.changes.map((change) => ({ night, change })));
    }
  }
  return changed.length > 0 ? { kind: 'changed', changes: changed } : { kind: 'planned', plans };
};
