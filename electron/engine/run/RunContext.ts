import type { FailureCause } from '../../../shared/domain/FailureCause';
import type { ListedObject, ObjectStore } from '../../../shared/ports/ObjectStore';
import type { PortalFile } from '../../../shared/ports/Portal';
import type { EnginePorts } from '../EnginePorts';
import { PartBuffers } from './PartBuffers';
import type { PortalRun } from '../portal/PortalRun';
import { StreamSlots } from '../StreamSlots';
import { UnitWrites } from './UnitWrites';

/** Multipart files a run hashes at once (see `RunContext.hashTurn`). */
export const HASHED_AT_ONCE = 2;

/** What changes while a run goes: the only mutable part of its context. */
export type RunState = {
  /**
   * What the night's prefix held when the run started (before its first payload byte): a hint,
   * never a proof (issue 30 item 2). Undefined when the key may not list it (ADR 0028).
   */
  listing: ReadonlyMap<string, ListedObject> | undefined;
  /**
   * A portal night's participation as the run found it, by file name (ADR 0032): the files it
   * already holds as available are not sent again. A hint, like `listing`.
   */
  portalListing: ReadonlyMap<string, PortalFile> | undefined;
  paused: boolean;
  blocked: FailureCause | undefined;
  waitingNetwork: number;
  /**
   * Counts the waits for the network begun, and which of them a byte acknowledged since has
   * ended: the night says "waiting for network" only until its first acknowledged byte after the
   * link came back (issue 31), not until every file that waited has finished.
   */
  networkWaits: number;
  networkWaitsAnswered: number;
  /** Units waiting for their card to be back. */
  waitingCard: number;
  lastProgressAt: number;
  readonly acked: { at: number; bytes: number }[];
};

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
