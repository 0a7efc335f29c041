import type { ObjectStore } from '../../../shared/ports/ObjectStore';
import type { EnginePorts } from '../EnginePorts';
import type { EventHub } from '../events/EventHub';
import { PartBuffers } from './PartBuffers';
import type { PortalRun } from '../portal/PortalRun';
import { StreamSlots } from '../StreamSlots';
import type { RunState } from './RunState';

export type { RunState } from './RunState';

/** Multipart files a run hashes at once (see `RunContext.hashTurn`). */
export const HASHED_AT_ONCE = 2;

/**
 * One run's context, shared by every part that works for it (the plan run, the pacer, the policy
 * caller, the finisher, and each file's deposit): the engine's ports, the hub its events go to and
 * facts about the whole run. What belongs to one file in flight (its record, parts, pending writes,
 * "unsettled" flag, hashed bytes) is that file's `FileDeposit`, not here (issue 32).
 */
export type RunContext = {
  readonly ports: EnginePorts;
  readonly hub: EventHub;
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
  /** What parts are read into, reused. */
  readonly partBuffers: PartBuffers;
  readonly state: RunState;
};

export const newRunContext = (
  ports: EnginePorts,
  hub: EventHub,
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
  hub,
  planId: run.planId,
  objects: run.objects,
  portal: run.portal,
  bucket: run.bucket,
  partSize: run.partSize,
  controller: run.controller,
  slots: new StreamSlots(run.concurrency),
  hashTurn: new StreamSlots(HASHED_AT_ONCE),
  partBuffers: new PartBuffers(run.concurrency, run.partSize),
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
