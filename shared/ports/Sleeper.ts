/**
 * Waits `ms` milliseconds. Rejects with an error named `AbortError` as soon as `signal` aborts,
 * so no wait outlives the call that asked for it.
 */
export type Sleeper = {
  sleep(ms: number, signal?: AbortSignal): Promise<void>;
};
