import type { Clock } from '../../shared/ports/Clock';
import type { ObjectStore } from '../../shared/ports/ObjectStore';
import type { Random } from '../../shared/ports/Random';
import type { Sleeper } from '../../shared/ports/Sleeper';
import { RetryPolicy } from '../../shared/retry/RetryPolicy';
import { monotonicClock } from './monotonicClock';
import { systemClock } from './systemClock';
import { systemRandom } from './systemRandom';
import { timerSleeper } from './timerSleeper';
import { S3ObjectStore } from '../s3/S3ObjectStore';
import type { S3ObjectStoreOptions } from '../s3/S3ObjectStore';
import type { PlanStore } from '../store/PlanStore';
import { DepositEngine } from '../engine/DepositEngine';
import type { DepositEngineDeps } from '../engine/DepositEngine';
import type { FileHasher } from '../hashing/FileHasher';
import { hashingWith } from '../hashing/hashingWith';
import { sharedHashWorker } from '../hashing/sharedHashWorker';

/**
 * The store is passed in, not opened here: the app keeps one store across the engines it rebuilds.
 * Everything else has the real default; a test or the bench overrides what it simulates (time,
 * randomness, the object store, the source reader, a policy shared by two engines...).
 */
export type EngineStackWiring = Pick<
  DepositEngineDeps,
  'store' | 'settings' | 'storeFor' | 'portalFor' | 'leaseHolder' | 'sourceReader'
> & {
  /** Where files larger than one read are hashed (default the hash worker; undefined: this thread). */
  readonly hasher?: FileHasher | undefined;
  /** The engine's time (default: the monotonic clock; a test's virtual time). */
  readonly clock?: Clock;
  /** What other processes read (run leases): default the wall clock, or the given `clock`. */
  readonly wallClock?: Clock;
  readonly sleeper?: Sleeper;
  readonly random?: Random;
  /** One policy for several engines (two processes in a test); a new one on the ports otherwise. */
  readonly policy?: RetryPolicy;
};

export type EngineStack<O extends ObjectStore = S3ObjectStore> = {
  readonly store: PlanStore;
  readonly objectStore: O;
  readonly policy: RetryPolicy;
  readonly engine: DepositEngine;
};

/**
 * The engine with its ports: the one place an engine is built (the app, the command line, the
 * tests and the bench). Over the S3 adapter (`s3`) or a given object store (`objectStore`), on
 * the monotonic clock by default (a wall clock set back or forward moves no wait, issue 30), with its own retry policy (the policy's circuit and network state
 * belong to this engine). Closing the store and destroying the object store stay with the caller,
 * whose lifetimes differ.
 */
export function createEngineStack(
  w: EngineStackWiring & { readonly s3: S3ObjectStoreOptions },
): EngineStack;
export function createEngineStack<O extends ObjectStore>(
  w: EngineStackWiring & { readonly objectStore: O },
): EngineStack<O>;
export function createEngineStack(
  w: EngineStackWiring &
    ({ readonly s3: S3ObjectStoreOptions } | { readonly objectStore: ObjectStore }),
): EngineStack<ObjectStore> {
  const clock = w.clock ?? monotonicClock;
  const wallClock = w.wallClock ?? (w.clock === undefined ? systemClock : w.clock);
  // The S3 adapter's own clocks are these defaults too (monotonic deadlines, wall-clock signatures).
  const objectStore = 'objectStore' in w ? w.objectStore : new S3ObjectStore(w.s3);
  const sleeper = w.sleeper ?? timerSleeper;
  const random = w.random ?? systemRandom;
  const policy = w.policy ?? new RetryPolicy({ clock, sleeper, random });
  const engine = new DepositEngine({
    store: w.store,
    objectStore,
    policy,
    clock,
    wallClock,
    sleeper,
    random,
    ...(w.settings === undefined ? {} : { settings: w.settings }),
    ...(w.storeFor === undefined ? {} : { storeFor: w.storeFor }),
    ...(w.portalFor === undefined ? {} : { portalFor: w.portalFor }),
    ...(w.leaseHolder === undefined ? {} : { leaseHolder: w.leaseHolder }),
    ...(w.sourceReader === undefined ? {} : { sourceReader: w.sourceReader }),
    hashing: hashingWith('hasher' in w ? w.hasher : sharedHashWorker),
  });
  return { store: w.store, objectStore, policy, engine };
}
