import type { FailureCause } from '../../../shared/domain/FailureCause';
import type { ListedObject } from '../../../shared/ports/ObjectStore';
import type { PortalFile } from '../../../shared/ports/Portal';

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
