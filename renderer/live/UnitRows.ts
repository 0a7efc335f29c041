import type { UnitFilter, UnitView } from '../../shared/ipc/views';

/** Rows per read of `units.list`. */
export const PAGE = 200;

/**
 * The rows of one night's table the page holds: read by page when first shown, then kept up to
 * date by the engine's pushed `unit` events (`applyUnitEvent`); a reconcile read repairs them.
 */
export type UnitRows = {
  readonly planId: string;
  readonly filter: UnitFilter;
  readonly total: number;
  readonly pages: ReadonlyMap<number, readonly UnitView[]>;
};

export const emptyRows = (planId: string, filter: UnitFilter): UnitRows => ({
  planId,
  filter,
  total: 0,
  pages: new Map(),
});

/** The row at `index`, if its page was read. */
export const rowAt = (rows: UnitRows | null, index: number): UnitView | undefined =>
  rows?.pages.get(Math.floor(index / PAGE))?.[index % PAGE];
