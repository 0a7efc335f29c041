import type { Correction } from '../../../shared/domain/Correction';
import type { StorageTarget } from '../../../shared/domain/StorageTarget';
import { sameTarget } from '../../../shared/domain/StorageTarget';
import { objectKey } from '../../../shared/field/objectKey';
import type { ProgrammeRecord } from '../../../shared/programme/ProgrammeRecord';
import { listingPrefix } from '../../../shared/wire/nightManifestKey';
import type { PlanRecord } from '../../store/PlanRecord';
import type { PlanStore } from '../../store/PlanStore';
import { PlanError } from '../PlanError';
import { removalsOf } from './removalsOf';

/** Where a night goes instead (issue 31), and what it carries there. */
export type NightMove = {
  readonly target: StorageTarget;
  readonly prefix: string;
  /**
   * Each file's name under the prefix by its path on the card (a programme's names, made again
   * from the corrected fields). Absent: each keeps the name it had under the old prefix.
   */
  readonly names?: ReadonlyMap<string, string>;
  readonly metadata: Readonly<Record<string, unknown>>;
  readonly programme: ProgrammeRecord | null;
  readonly by: Correction['by'];
  /**
   * Take back what the night wrote where it was. False only where nothing can have been stored
   * (nothing listens at the old address, or a web page answers there).
   */
  readonly removeOld: boolean;
  /** This computer's wall clock, for the line the night shows. */
  readonly at: number;
};

export type MoveReport = {
  /** Objects queued for removal at the old destination (their uploads apart). */
  readonly toRemove: number;
  readonly uploadsToAbort: number;
  readonly moved: boolean;
};

/** A key's name under its prefix (what follows `prefix/`). */
const nameUnder = (prefix: string, key: string): string => {
  const head = listingPrefix(prefix);
  return key.startsWith(head) ? key.slice(head.length) : key;
};

/**
 * Moves a night to its corrected destination, in one transaction: every file under its new key,
 * waiting again (its checksums kept: nothing is read twice), what it wrote at the old place queued
 * for removal, and the correction recorded. Refused while it runs (the caller pauses it first),
 * while it is asked off the server, or when another night of the folder already goes there.
 */
export const moveNight = (
  store: PlanStore,
  plan: PlanRecord,
  from: StorageTarget,
  move: NightMove,
  now: number,
): MoveReport => {
  if (plan.removing)
    throw new PlanError(
      { code: 'being-removed', planId: plan.id },
      `plan ${plan.id} is being removed`,
    );
  const keys = new Map<number, string>();
  let changed = !sameTarget(from, move.target) || plan.prefix !== move.prefix;
  for (const unit of store.iterateUnits(plan.id)) {
    const name = move.names?.get(unit.relPath) ?? nameUnder(plan.prefix, unit.key);
    const key = objectKey(move.prefix, name);
    keys.set(unit.id, key);
    if (key !== unit.key) changed = true;
  }
  if (!changed) return { toRemove: 0, uploadsToAbort: 0, moved: false };
  const other = store.findPlan({
    dir: plan.dir,
    endpoint: move.target.endpoint,
    bucket: move.target.bucket,
    prefix: move.prefix,
  });
  if (other !== undefined && other.id !== plan.id)
    throw new PlanError(
      { code: 'destination-taken', planId: plan.id, by: other.id },
      `plan ${other.id} already deposits ${plan.dir} to ${move.target.bucket}/${move.prefix}`,
    );
  const removals = move.removeOld ? removalsOf(store, plan, from, now) : [];
  store.moveNight(plan.id, {
    target: move.target,
    prefix: move.prefix,
    metadata: move.metadata,
    programme: move.programme,
    correction: {
      from: { endpoint: from.endpoint, bucket: from.bucket, prefix: plan.prefix },
      at: move.at,
      by: move.by,
    },
    keys,
    removals,
    now,
  });
  return {
    toRemove: removals.filter((r) => r.kind === 'object').length,
    uploadsToAbort: removals.filter((r) => r.kind === 'upload' || r.kind === 'uploads-at').length,
    moved: true,
  };
};
