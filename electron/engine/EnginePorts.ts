import type { Clock } from '../../shared/ports/Clock';
import type { ObjectStore } from '../../shared/ports/ObjectStore';
import type { Random } from '../../shared/ports/Random';
import type { Sleeper } from '../../shared/ports/Sleeper';
import type { SourceReader } from '../../shared/ports/SourceReader';
import type { PlanStore } from '../store/PlanStore';
import type { EmissionsInFlight } from './call/EmissionsInFlight';
import type { EngineSettings } from './EngineSettings';
import type { FileHashing } from './FileHashing';
import type { Pacer } from './pacer/Pacer';
import type { PolicyPort } from './PolicyPort';
import type { TokenBucket } from './TokenBucket';

/**
 * What every part of the engine shares, wired once by `DepositEngine`: ports and engine-wide parts.
 * Not the runs nor the event hub: the engine keeps its runs, and each run carries the hub it
 * reports to (`RunContext.hub`), so no type runs back from here to a run (issue 32).
 */
export type EnginePorts = {
  readonly store: PlanStore;
  /** The current settings' object store (a night may have its own: `RunContext.objects`). */
  readonly objectStore: ObjectStore;
  readonly policy: PolicyPort;
  readonly clock: Clock;
  /**
   * This computer's wall clock, for the times other machines set (a signed URL's expiry, ADR
   * 0032); every wait and deadline stays on `clock`.
   */
  readonly wallClock: Clock;
  readonly sleeper: Sleeper;
  readonly random: Random;
  /** The recordings' bytes: every read of a source file goes through it. */
  readonly source: SourceReader;
  /** How a file is hashed (ADR 0039: the hashing module, behind this one interface). */
  readonly hashing: FileHashing;
  readonly settings: EngineSettings;
  readonly bandwidth: TokenBucket | undefined;
  readonly pacer: Pacer;
  /** Every attempt on the wire and when it last moved: abandoned when it sat through an outage. */
  readonly inFlight: EmissionsInFlight;
  /**
   * The prefix the breaker's probe and the silent link's check list (max-keys 0): the night of the
   * latest run or endpoint check, so a key limited to its folder is asked nothing outside it.
   */
  readonly probe: { prefix: string };
};
