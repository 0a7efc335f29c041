import type { WalkRecorder } from './WalkRecorder';

/** What a driver is given: the night's folder, a database path, the recorder. */
export type NightWalkInput = {
  /** The repository's root (the tree walked). */
  readonly root: string;
  readonly dir: string;
  readonly dbPath: string;
  readonly bucket: string;
  readonly prefix: string;
  readonly recorder: WalkRecorder;
};

/** How the night ended, said by the driver (the run's result kind and the objects written). */
export type NightWalkOutcome = {
  readonly driver: string;
  readonly result: string;
  readonly keys: readonly string[];
};

/** One way of driving the night from the scan to the manifest, for one tree's API. */
export type NightWalk = (input: NightWalkInput) => Promise<NightWalkOutcome>;
