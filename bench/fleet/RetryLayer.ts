import type { Outcome } from '../../shared/retry/Outcome';
import type { AttemptContext, CallResult, RetryCall } from '../../shared/retry/RetryCall';

/** What a simulated client needs of its retry layer: Depot's RetryPolicy or the SDK's strategy. */
export type RetryLayer = {
  run<T>(
    call: RetryCall,
    attempt: (ctx: AttemptContext) => Promise<Outcome<T>>,
  ): Promise<CallResult<T>>;
  /** The breaker is open (the SDK has none). */
  circuitOpen(): boolean;
  /** Resolves when a call could go out (breaker closed or a probe slot free). */
  whenAvailable(): Promise<void>;
  /** First attempts and retries sent, and the most retries the layer allows for them. */
  retries(): { readonly firstAttempts: number; readonly retries: number; readonly bound: number };
};
