import type { RunState } from '../run/RunState';
import type { UnitWrites } from '../run/UnitWrites';

/**
 * What the event hub reads and writes of a run: which night, its live state, the units it holds
 * and their pending writes, the endpoints it talks to; not the engine's ports, so the hub does not
 * close a type circle through them (issue 32).
 */
export type HubRun = {
  readonly planId: number;
  readonly held: ReadonlySet<number>;
  readonly objects: { readonly endpoint: string };
  readonly portal:
    | { readonly portal: { readonly endpoint: string }; readonly endpoints: ReadonlySet<string> }
    | undefined;
  readonly state: RunState;
  readonly writes: UnitWrites;
};
