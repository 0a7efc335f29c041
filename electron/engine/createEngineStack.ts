import { RetryPolicy } from '../../shared/retry/RetryPolicy';
import { systemClock } from '../runtime/systemClock';
import { systemRandom } from '../runtime/systemRandom';
import { timerSleeper } from '../runtime/timerSleeper';
import { S3ObjectStore } from '../s3/S3ObjectStore';
import type { S3ObjectStoreOptions } from '../s3/S3ObjectStore';
import type { PlanStore } from '../store/PlanStore';
import { DepositEngine } from './DepositEngine';
import type { DepositEngineDeps } from './DepositEngine';

/** The store is passed in, not opened here: the app keeps one store across the engines it rebuilds. */
export type EngineStackWiring = Pick<DepositEngineDeps, 'store' | 'settings' | 'storeFor'> & {
  readonly s3: S3ObjectStoreOptions;
};

export type EngineStack = {
  readonly store: PlanStore;
  readonly objectStore: S3ObjectStore;
  readonly policy: RetryPolicy;
  readonly engine: DepositEngine;
};

/**
 * The real engine over the S3 adapter, on system time, with its own retry policy (the policy's
 * circuit and network state belong to this engine). The app, the command line and the engine's
 * integration tests build it here; closing the store and destroying the object store stay with
 * the caller, whose lifetimes differ.
 */
export const createEngineStack = (w: EngineStackWiring): EngineStack => {
  const objectStore = new S3ObjectStore(w.s3);
  const policy = new RetryPolicy({
    clock: systemClock,
    sleeper: timerSleeper,
    random: systemRandom,
  });
  const engine = new DepositEngine({
    store: w.store,
    objectStore,
    policy,
    clock: systemClock,
    sleeper: timerSleeper,
    random: systemRandom,
    ...(w.settings === undefined ? {} : { settings: w.settings }),
    ...(w.storeFor === undefined ? {} : { storeFor: w.storeFor }),
  });
  return { store: w.store, objectStore, policy, engine };
};
