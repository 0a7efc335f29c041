import type { RunState } from '../run/RunState';

/**
 * What the event hub reads and writes of a run: which night, its live state, the endpoints it
 * talks to; not the engine's ports nor its files' writes (each `FileDeposit` commits its own), so
 * the hub closes no type circle through them (issue 32).
 */
export type HubRun = {
  readonly planId: number;
  readonly objects: { readonly endpoint: string };
  readonly portal:
    | { readonly portal: { readonly endpoint: string }; readonly endpoints: ReadonlySet<string> }
    | undefined;
  readonly state: RunState;
};
