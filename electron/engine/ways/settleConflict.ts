import type { Settlement } from '../../../shared/domain/Settlement';
import type { ObjectHead, ObjectStore } from '../../../shared/ports/ObjectStore';
import { freeNameCandidates, suffixPlace } from '../../../shared/ways/freeName';
import { listingPrefix } from '../../../shared/wire/nightManifestKey';
import type { UnitRecord } from '../../store/UnitRecord';
import type { EnginePorts } from '../EnginePorts';
import type { EventHub } from '../events/EventHub';
import { PlanError } from '../PlanError';
import { askOnce } from './askOnce';
import { expectedEtag } from '../verify/expectedEtag';

/** Both sides of a conflict, as the volunteer compares them before choosing (issue 31). */
export type ConflictFacts = {
  readonly unit: UnitRecord;
  /** The server's object at the file's key now; undefined when it is gone since. */
  readonly server: ObjectHead | undefined;
  /** The free name the file would take (checked on the server), or undefined when none. */
  readonly freeKey: string | undefined;
  /** Where the night's rule puts the suffix for this name. */
  readonly rule: 'before-extension' | 'before-underscore' | 'none';
  /** The ETag Depot's upload of the file gives (bare): compared with the server's. */
  readonly expectedEtag: string;
};

/** The server could not be asked (network, refusal): nothing is decided. */
export type Unanswered = { readonly kind: 'unanswered'; readonly status?: number };

const MAX_NAMES_ASKED = 12;

/** A file a conflict stopped: another object at its key, other bytes or bytes not proven. */
const settleable = (unit: UnitRecord | undefined, planId: number): unit is UnitRecord =>
  unit !== undefined &&
  unit.planId === planId &&
  unit.state.kind === 'failed' &&
  (unit.state.cause.kind === 'conflict' || unit.state.cause.kind === 'unproven');

const unitOf = (ports: EnginePorts, planId: number, unitId: number): UnitRecord => {
  const unit = ports.store.getUnit(unitId);
  if (!settleable(unit, planId))
    throw new PlanError(
      { code: 'not-settleable', planId, unitId },
      `file ${unitId} of plan ${planId} has no conflict to settle`,
    );
  return unit;
};

const nameUnder = (prefix: string, key: string): { head: string; name: string } => {
  const head = listingPrefix(prefix);
  return key.startsWith(head) ? { head, name: key.slice(head.length) } : { head: '', name: key };
};

/** The first free name of the rule: held by no file of the night, and by no object now. */
const findFreeKey = async (
  ports: EnginePorts,
  hub: EventHub,
  planId: number,
  objects: ObjectStore,
  unit: UnitRecord,
  pattern: RegExp | undefined,
): Promise<string | undefined | Unanswered> => {
  const plan = ports.store.getPlan(planId);
  if (plan === undefined) return undefined;
  const { head, name } = nameUnder(plan.prefix, unit.key);
  let asked = 0;
  for (const candidate of freeNameCandidates(name, pattern)) {
    const key = `${head}${candidate}`;
    if (ports.store.unitByKey(planId, key) !== undefined) continue;
    if (asked++ >= MAX_NAMES_ASKED) return undefined;
    const there = await askOnce(ports, hub, planId, objects, `HeadObject ${key}`, (o) =>
      objects.headObject({ key }, o),
    );
    if (there.kind === 'unreachable') return { kind: 'unanswered' };
    if (there.kind === 'refused') return { kind: 'unanswered', status: there.failure.status };
    if (there.value === undefined) return key;
  }
  return undefined;
};

const ruleOf = (
  key: string,
  prefix: string,
  pattern: RegExp | undefined,
): ConflictFacts['rule'] => {
  const { name } = nameUnder(prefix, key);
  const at = suffixPlace(name, pattern);
  if (at === undefined) return 'none';
  const segment = name.slice(name.lastIndexOf('/') + 1);
  const dot = segment.lastIndexOf('.');
  const end = name.length - segment.length + (dot > 0 ? dot : segment.length);
  return at === end ? 'before-extension' : 'before-underscore';
};

/** What is at the file's key now, and the free name it would take. */
export const conflictFacts = async (
  ports: EnginePorts,
  hub: EventHub,
  planId: number,
  unitId: number,
  objects: ObjectStore,
  pattern: RegExp | undefined,
): Promise<ConflictFacts | Unanswered> => {
  const unit = unitOf(ports, planId, unitId);
  const head = await askOnce(ports, hub, planId, objects, `HeadObject ${unit.key}`, (o) =>
    objects.headObject({ key: unit.key }, o),
  );
  if (head.kind === 'unreachable') return { kind: 'unanswered' };
  if (head.kind === 'refused') return { kind: 'unanswered', status: head.failure.status };
  const free = await findFreeKey(ports, hub, planId, objects, unit, pattern);
  if (typeof free === 'object') return free;
  const prefix = ports.store.getPlan(planId)?.prefix ?? '';
  return {
    unit,
    server: head.value,
    freeKey: free,
    rule: ruleOf(unit.key, prefix, pattern),
    expectedEtag: expectedEtag(unit, ports.store.parts(unit.id)),
  };
};

export type SettleChoice = 'keep-server-object' | 'free-name';

export type Settled =
  | { readonly kind: 'kept'; readonly unit: UnitRecord }
  | { readonly kind: 'renamed'; readonly unit: UnitRecord; readonly key: string }
  /** The other object is gone since: the file is deposited at its own key after all. */
  | { readonly kind: 'requeued'; readonly unit: UnitRecord }
  | Unanswered;

/**
 * The volunteer's choice, written in the plan and the journal (never an overwrite): the server's
 * object kept (the file left out, named in the manifest), or the file queued under the free name
 * of the night's rule (sent there with If-None-Match, like every file).
 */
export const settleConflict = async (
  ports: EnginePorts,
  hub: EventHub,
  planId: number,
  unitId: number,
  objects: ObjectStore,
  choice: SettleChoice,
  pattern: RegExp | undefined,
  wallNow: number,
): Promise<Settled> => {
  const { store, clock } = ports;
  const unit = unitOf(ports, planId, unitId);
  const head = await askOnce(ports, hub, planId, objects, `HeadObject ${unit.key}`, (o) =>
    objects.headObject({ key: unit.key }, o),
  );
  if (head.kind === 'unreachable') return { kind: 'unanswered' };
  if (head.kind === 'refused') return { kind: 'unanswered', status: head.failure.status };
  const now = clock.now();
  if (head.value === undefined) {
    hub.setState(planId, unit, { kind: 'pending' });
    hub.record(planId, `Settle ${unit.key}`, 'conflict-gone', 1, null);
    return { kind: 'requeued', unit };
  }
  let settlement: Settlement;
  let key: string | undefined;
  if (choice === 'keep-server-object') {
    settlement = {
      kind: 'kept-server-object',
      at: wallNow,
      remote: { size: head.value.size, etag: head.value.etag },
    };
  } else {
    const free = await findFreeKey(ports, hub, planId, objects, unit, pattern);
    if (typeof free === 'object') return free;
    if (free === undefined)
      throw new PlanError(
        { code: 'not-settleable', planId, unitId },
        `no free name for ${unit.key} under the night's rule`,
      );
    settlement = { kind: 'free-name', at: wallNow, originalKey: unit.key };
    key = free;
  }
  const state =
    choice === 'keep-server-object'
      ? ({ kind: 'left-out', reason: 'kept-server-object' } as const)
      : ({ kind: 'pending' } as const);
  store.settleUnit(unit.id, settlement, state, key, now);
  store.setCompleted(planId, null);
  hub.record(
    planId,
    `Settle ${unit.key}`,
    key === undefined ? 'kept-server-object' : `free-name:${key}`,
    1,
    null,
  );
  hub.emit({
    type: 'unit-state',
    planId,
    unitId: unit.id,
    relPath: unit.relPath,
    state,
    activity: { kind: 'idle' },
    was: unit.state.kind,
  });
  hub.emitProgress(planId, true);
  return key === undefined ? { kind: 'kept', unit } : { kind: 'renamed', unit, key };
};
