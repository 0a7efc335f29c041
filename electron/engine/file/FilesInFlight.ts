import type { UnitRecord } from '../../store/UnitRecord';
import type { RunContext } from '../run/RunContext';
import { FileDeposit } from './FileDeposit';
import { fileEventsOf } from './FileEvents';
import type { FileStore } from './FileStore';

/**
 * The files a run's workers hold, one `FileDeposit` each, and the units whose last write went
 * unanswered in an earlier turn of this run: taken again, they ask the server before sending.
 */
export class FilesInFlight {
  private readonly held = new Map<number, FileDeposit>();
  private readonly unanswered = new Set<number>();

  constructor(
    private readonly run: RunContext,
    private readonly store: FileStore,
  ) {}

  /** The units held now (no other worker of the run may take them). */
  heldIds(): number[] {
    return [...this.held.keys()];
  }

  take(unit: UnitRecord): FileDeposit {
    const events = fileEventsOf(this.run.hub, this.run, unit);
    const file = new FileDeposit(this.run, this.store, events, unit, this.unanswered.has(unit.id));
    this.unanswered.delete(unit.id);
    this.held.set(unit.id, file);
    return file;
  }

  /** Its turn ended, by a stop too: what it held is committed (a kill would lose it). */
  release(file: FileDeposit): void {
    try {
      file.endTurn();
    } finally {
      this.held.delete(file.id);
      if (file.unsettled) this.unanswered.add(file.id);
      this.run.hub.forgetActivity(file.id);
    }
  }
}
