import { AsyncLocalStorage } from 'node:async_hooks';
import { ENTER } from './instrument';

/** One function entry: the module (relative to the repository) and the function's name. */
export type Entry = { readonly file: string; readonly fn: string };

/**
 * Receives the entries of the instrumented functions (through the global `ENTER`) while it is
 * recording, in the order they run. Work done `outside` (the in-memory server's inside, which
 * stands in for S3) is not recorded, nor anything it causes in its own async context.
 */
export class WalkRecorder {
  readonly entries: Entry[] = [];
  /** Where each phase of the walk starts: the index of its first entry. */
  readonly phases: { readonly name: string; readonly from: number }[] = [];
  private recording = false;
  private readonly beyond = new AsyncLocalStorage<true>();

  constructor() {
    (globalThis as Record<string, unknown>)[ENTER] = (file: string, fn: string): void => {
      if (this.recording && this.beyond.getStore() === undefined) this.entries.push({ file, fn });
    };
  }

  start(): void {
    this.recording = true;
  }

  /** The walk's next phase (the folder's preparation, planning, the run) starts here. */
  phase(name: string): void {
    this.phases.push({ name, from: this.entries.length });
  }

  stop(): void {
    this.recording = false;
  }

  get isRecording(): boolean {
    return this.recording;
  }

  /** An entry the script records itself (a port it stands in for). */
  enter(file: string, fn: string): void {
    if (this.recording && this.beyond.getStore() === undefined) this.entries.push({ file, fn });
  }

  /** Runs `work` unrecorded, with every continuation of it. */
  outside<T>(work: () => T): T {
    return this.beyond.run(true, work);
  }
}
