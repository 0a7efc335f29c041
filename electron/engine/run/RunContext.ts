import type { ObjectStore } from '../../../shared/ports/ObjectStore';
import type { EnginePorts } from '../EnginePorts';
import { PartBuffers } from './PartBuffers';
import type { PortalRun } from '../portal/PortalRun';
import { StreamSlots } from '../StreamSlots';
import type { RunState } from './RunState';
import { UnitWrites } from './UnitWrites';

export type { RunState } from './RunState';

/** Multipart files a run hashes at once (see `RunContext.hashTurn`). */
export const HASHED_AT_ONCE = 2;

/**
 * One run's context, shared by every part that works for it (the plan run, the pacer, the policy
 * caller, the uploads, the verifier, the finisher): the engine's ports and the run's own state.
 */
export type RunContext = {
  readonly ports: EnginePorts;
  readonly planId: number;
  /** The night's own target, for every request of the run. */
  readonly objects: ObjectStore;
  /**
   * A portal night's portal and participation (ADR 0032): its units go through `portal/` instead
   * of `upload/`; undefined for an S3 night.
   */
  readonly portal: PortalRun | undefined;
  readonly bucket: string;
  /** The plan's part size (fixed when it was created), for the files hashed during the run. */
  readonly partSize: number | undefined;
  readonly controller: AbortController;
  readonly slots: StreamSlots;
  /**
   * Two multipart files hashed at a time, not every file a worker took: the first are ready to
   * send after their own hashing, not after every file's; two, so that one file's chunks are read
   * while the other's are hashed in the worker (ADR 0025).
   */
  readonly hashTurn: StreamSlots;
  /** Units a worker of this run holds. */
  readonly held: Set<number>;
  /** Units whose last write may have acted without a reply: ask the server before sending again. */
  readonly unsettled: Set<number>;
  /** A small file's bytes as hashed when it was taken, until its request body is read. */
  readonly hashedBodies: Map<number, Buffer>;
  /** What parts are read into, reused. */
  readonly partBuffers: PartBuffers;
  /** Records held until their unit's next commit (only those a kill may lose: see UnitWrites). */
  readonly writes: UnitWrites;
  readonly state: RunState;
};

export const newRunContext = (
  ports: EnginePorts,
  run: {
    readonly planId: number;
    readonly objects: ObjectStore;
    readonly bucket: string;
    readonly partSize?: number;
    readonly controller: AbortController;
    readonly concurrency: number;
    readonly portal?: PortalRun;
  },
): RunContext => ({
  ports,
  planId: run.planId,
  objects: run.objects,
  portal: run.portal,
  bucket: run.bucket,
  partSize: run.partSize,
  controller: run.controller,
  slots: new StreamSlots(run.concurrency),
  hashTurn: new StreamSlots(HASHED_AT_ONCE),
  held: new Set(),
  unsettled: new Set(),
  hashedBodies: new Map(),
  partBuffers: new PartBuffers(run.concurrency, run.partSize),
  writes: new UnitWrites(ports.store),
  state: {
    listing: new Map(),
    portalListing: undefined,
    paused: false,
    blocked: undefined,
    waitingNetwork: 0,
    networkWaits: 0,
    networkWaitsAnswered: 0,
    waitingCard: 0,
    lastProgressAt: 0,
    acked: [],
  },
});
