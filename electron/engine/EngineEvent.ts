import type { Completed } from '../../shared/domain/Completed';
import type { UnitActivity, UnitState } from '../../shared/domain/UnitState';
import type { RetryCounters } from '../../shared/retry/RetryCall';

/** What the engine tells the interface while it works. Plain data (sent over IPC as is). */
export type EngineEvent =
  | {
      readonly type: 'plan-progress';
      readonly planId: number;
      /** Bytes the server acknowledged (parts and objects), never bytes merely written. */
      readonly bytesAcked: number;
      readonly bytesTotal: number;
      readonly units: number;
      readonly done: number;
      readonly failed: number;
    }
  | { readonly type: 'throughput'; readonly planId: number; readonly bytesPerSec: number }
  | {
      readonly type: 'unit-state';
      readonly planId: number;
      readonly unitId: number;
      readonly relPath: string;
      readonly state: UnitState;
      /** What the file is doing now, under its new state. */
      readonly activity: UnitActivity;
      /** The state it left, when the engine knows it: the screen's counts follow without a read. */
      readonly was?: UnitState['kind'];
    }
  | {
      readonly type: 'unit-activity';
      readonly planId: number;
      readonly unitId: number;
      readonly activity: UnitActivity;
    }
  | { readonly type: 'waiting-network'; readonly planId: number; readonly waiting: boolean }
  /** Files of the night wait for their card, pulled out of its reader, to be back. */
  | { readonly type: 'waiting-card'; readonly planId: number; readonly waiting: boolean }
  | {
      readonly type: 'plan-state';
      readonly planId: number;
      readonly state:
        'running' | 'paused' | 'stopped' | Completed | 'failures' | 'blocked' | 'postponed';
    }
  | { readonly type: 'counters'; readonly counters: RetryCounters }
  /**
   * What a run found when it listed the night's prefix (issue 30 item 1, ADR 0028): the files
   * counted done that the server no longer holds (sent again), or, with a key that may not list,
   * how many files done in an earlier run it could not check.
   */
  | {
      readonly type: 'night-checked';
      readonly planId: number;
      /** False: this key may not list the night's prefix (a write-only key). */
      readonly listed: boolean;
      /** Files counted done that were not on the server as deposited: back in the queue. */
      readonly returned: readonly string[];
      /** Files done in an earlier run that nothing in this run could check (no listing). */
      readonly unchecked: number;
    };
