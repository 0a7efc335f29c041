import type { NewUnit } from './UnitQueue';

/** A plan brought up to its changed folder: units planned again, removed and added, in one go. */
export type PlanSourcesUpdate = {
  readonly fingerprint: string;
  readonly replan: readonly {
    readonly unitId: number;
    readonly size: number;
    readonly mtimeMs: number;
    readonly multipart: boolean;
  }[];
  readonly remove: readonly number[];
  readonly add: readonly NewUnit[];
  readonly now: number;
};
