import type { StorageTarget } from '../../shared/domain/StorageTarget';
import type { Clock } from '../../shared/ports/Clock';
import type { ObjectStore } from '../../shared/ports/ObjectStore';
import type { Portal, PortalTarget } from '../../shared/ports/Portal';
import type { Random } from '../../shared/ports/Random';
import type { Sleeper } from '../../shared/ports/Sleeper';
import type { SourceReader } from '../../shared/ports/SourceReader';
import type { PlanStore } from '../store/PlanStore';
import type { EngineSettings } from './EngineSettings';
import type { FileHashing } from './FileHashing';
import type { LeaseHolder } from './LeaseHolder';
import type { PolicyPort } from './PolicyPort';

/** What `DepositEngine` is built from: its ports and settings, injected by the runtime or a test. */
export type DepositEngineDeps = {
  readonly store: PlanStore;
  readonly objectStore: ObjectStore;
  readonly policy: PolicyPort;
  /** The engine's time: every wait, deadline and pace (the monotonic clock in production). */
  readonly clock: Clock;
  /** Times another process compares with its own (the run lease's heartbeat); default `clock`. */
  readonly wallClock?: Clock;
  readonly sleeper: Sleeper;
  readonly random: Random;
  readonly settings?: Partial<EngineSettings>;
  /** How the source files are read (default: the local file system). */
  readonly sourceReader?: SourceReader;
  /** How files are hashed (`electron/hashing/`, wired by `createEngineStack`). */
  readonly hashing: FileHashing;
  /** This process, for the plan's run lease (default: the running process). */
  readonly leaseHolder?: LeaseHolder;
  /**
   * The object store of a night whose target is not `objectStore`'s (settings changed since it
   * was created); undefined when this Depot cannot reach it (its credentials are gone): the night
   * then waits, blocked with that cause, and never goes elsewhere (issue 11).
   */
  readonly storeFor?: (target: StorageTarget) => ObjectStore | undefined;
  /**
   * The portal of a night that deposits to a programme's portal (ADR 0032), with the volunteer's
   * sign-in; undefined when this Depot cannot reach it (no sign-in held for it): the night then
   * waits, blocked, until the volunteer signs in.
   */
  readonly portalFor?: (target: PortalTarget) => Portal | undefined;
};
