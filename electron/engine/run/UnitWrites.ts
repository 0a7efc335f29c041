import type { PlanStore } from '../../store/PlanStore';

/**
 * Records of a unit held in memory until that unit's next commit, to save SQLite a commit each
 * (issue 15: seven commits per small file, ~1 s of a 2,000-file night). Only records whose loss to
 * a kill -9 costs at most a re-check go here, never a write-ahead one (ADR 0013, fourth pass): the
 * unit's `in-progress` state (a kill leaves it pending, which a new run treats alike), a small
 * file's hashes (hashed again: nothing of it was sent, as its write-ahead `beginSend` commits
 * them) and its acknowledged part (the next run's listing or HeadObject proves it by its ETag).
 */
export class UnitWrites {
  private readonly held = new Map<number, (() => void)[]>();

  constructor(private readonly store: PlanStore) {}

  /** `write` committed with the unit's next commit (or its `flush`), in the order held. */
  hold(unitId: number, write: () => void): void {
    const writes = this.held.get(unitId);
    if (writes === undefined) this.held.set(unitId, [write]);
    else writes.push(write);
  }

  /** The unit's held records, then `write`, in one transaction. */
  commit<T>(unitId: number, write: () => T): T {
    const writes = this.held.get(unitId);
    if (writes === undefined) return write();
    this.held.delete(unitId);
    return this.store.atomically(() => {
      for (const w of writes) w();
      return write();
    });
  }

  /** The unit's held records committed now: its turn ended without a commit of its own (a stop). */
  flush(unitId: number): void {
    this.commit(unitId, () => undefined);
  }
}
