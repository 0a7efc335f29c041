import type { Outcome } from '../../shared/retry/Outcome';
import type {
  AttemptContext,
  CallResult,
  CircuitState,
  RetryCall,
  RetryCounters,
  RetryEvent,
} from '../../shared/retry/RetryCall';
import type { Prober, RouteCheck } from '../../shared/retry/RetryPolicy';

/** What the engine uses of `shared/retry/RetryPolicy.ts` (the class satisfies it structurally). */
export type PolicyPort = {
  run<T>(
    call: RetryCall,
    attempt: (ctx: AttemptContext) => Promise<Outcome<T>>,
  ): Promise<CallResult<T>>;
  onEvent(listener: (event: RetryEvent) => void): () => void;
  counters(endpoint: string): RetryCounters;
  circuit(endpoint: string): CircuitState;
  whenAvailable(endpoint: string, signal?: AbortSignal): Promise<void>;
  probeWith(endpoint: string, prober: Prober, route?: RouteCheck): () => void;
  suspect(endpoint: string, signal?: AbortSignal): void;
};
