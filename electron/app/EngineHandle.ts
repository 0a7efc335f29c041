import type { CircuitState } from '../../shared/retry/RetryCall';
import type { EnginePort } from './EnginePort';

/** One engine built for the current settings and credentials, with its retry policy's inputs. */
export type EngineHandle = {
  readonly engine: EnginePort;
  /** OS network change or wake from sleep: feeds the policy's breaker. */
  networkChanged(online: boolean): void;
  circuit(): CircuitState;
};
