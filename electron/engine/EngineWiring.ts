import { randomUUID } from 'node:crypto';
import type { StorageTarget } from '../../shared/domain/StorageTarget';
import { sameTarget } from '../../shared/domain/StorageTarget';
import type { Clock } from '../../shared/ports/Clock';
import type { ObjectStore } from '../../shared/ports/ObjectStore';
import type { Portal, PortalTarget } from '../../shared/ports/Portal';
import { fsSourceReader } from '../runtime/fsSourceReader';
import { EmissionsInFlight } from './call/EmissionsInFlight';
import type { DepositEngineDeps } from './DepositEngineDeps';
import type { EnginePorts } from './EnginePorts';
import type { EngineSettings } from './EngineSettings';
import { EventHub } from './events/EventHub';
import { thisProcess } from './LeaseHolder';
import { Pacer } from './pacer/Pacer';
import { PlanLease } from './run/PlanLease';
import type { RunContext } from './run/RunContext';
import { TokenBucket } from './TokenBucket';

/**
 * The engine's parts wired once over its injected ports (ADR 0018): what every part shares
 * (`ports`), the hub its events go through, the runs going by plan id, the run lease, and the way
 * to a night's own object store or portal. `DepositEngine` and its rooms (`NightWays`,
 * `PortalNights`) work on it.
 */
export type EngineWiring = {
  readonly ports: EnginePorts;
  readonly hub: EventHub;
  /** The runs going by plan id (0: an endpoint check): the hub reports for them, pause stops them. */
  readonly runs: Map<number, RunContext>;
  readonly lease: PlanLease;
  readonly wallClock: Clock;
  /** A night's own object store: the current settings' when it is theirs, else undefined if out of reach. */
  readonly storeOf: (target: StorageTarget) => ObjectStore | undefined;
  readonly portalFor: ((target: PortalTarget) => Portal | undefined) | undefined;
  /** Its listing of the night's prefix (max-keys 0) is the probe while the store's circuit is open. */
  readonly probeWith: (objectStore: ObjectStore) => void;
};

/**
 * While the circuit is open, a listing of the night's prefix with max-keys 0 is the probe, not
 * the next caller's 8 MiB part; while the route was gone, a look at the route comes first (it
 * sends nothing). Any answer, a 403 of a key that may not list included, proves the endpoint
 * answers (ADR 0028).
 */
const probeWith = (ports: EnginePorts, objectStore: ObjectStore): void => {
  const { probe } = ports;
  ports.policy.probeWith(
    objectStore.endpoint,
    (ctx) =>
      objectStore.probeListing(
        { prefix: probe.prefix },
        { deadline: ctx.deadline, ...(ctx.signal === undefined ? {} : { signal: ctx.signal }) },
      ),
    () => objectStore.checkRoute(),
  );
};

export const wireEngine = (deps: DepositEngineDeps, settings: EngineSettings): EngineWiring => {
  const { store, objectStore, policy, clock, sleeper, random } = deps;
  const wallClock = deps.wallClock ?? clock;
  const rate = settings.bwlimitBytesPerSec;
  const runs = new Map<number, RunContext>();
  const hub = new EventHub(store, clock, policy, runs, objectStore.endpoint);
  const ports: EnginePorts = {
    store,
    objectStore,
    policy,
    clock,
    wallClock,
    sleeper,
    random,
    source: deps.sourceReader ?? fsSourceReader,
    hashing: deps.hashing,
    settings,
    bandwidth: rate === undefined || rate <= 0 ? undefined : new TokenBucket(rate, clock, sleeper),
    pacer: new Pacer(settings, clock, sleeper, random),
    inFlight: new EmissionsInFlight(clock, sleeper),
    probe: { prefix: '' },
  };
  const lease = new PlanLease(
    store,
    wallClock,
    settings,
    deps.leaseHolder ?? thisProcess(),
    randomUUID(),
    (planId) => runs.has(planId),
  );
  policy.onEvent((event) => {
    hub.onPolicyEvent(event);
    ports.inFlight.onPolicyEvent(event);
  });
  probeWith(ports, objectStore);
  return {
    ports,
    hub,
    runs,
    lease,
    wallClock,
    storeOf: (target) =>
      sameTarget(target, objectStore.target) ? objectStore : deps.storeFor?.(target),
    portalFor: deps.portalFor,
    probeWith: (objects) => probeWith(ports, objects),
  };
};
