import type { UnitActivity, UnitState } from '../../../shared/domain/UnitState';
import type { CallEvent } from '../../../shared/retry/RetryCall';
import type { UnitRecord } from '../../store/UnitRecord';
import type { EventHub } from '../events/EventHub';
import type { HubRun } from '../events/HubRun';

/** What one file in flight tells of itself: its row's state and activity, its waits, its bytes. */
export type FileEvents = {
  /** A worker took it. */
  readonly taken: () => void;
  /** Its new state, once written. */
  readonly stateChanged: (state: UnitState) => void;
  readonly activity: (activity: UnitActivity) => void;
  /** Its next attempt waits until then (a retry its call scheduled, or after a give-up). */
  readonly announceWait: (until: number) => void;
  /** The announced wait is over. */
  readonly waitOver: () => void;
  /** One of its calls' own events (a retry scheduled, a give-up): journaled, its wait shown. */
  readonly call: (event: CallEvent) => void;
  /** The server acknowledged this many of its bytes. */
  readonly acked: (bytes: number) => void;
  readonly networkWait: (waiting: boolean) => void;
  readonly cardWait: (waiting: boolean) => void;
  /** A journal line of the night about this file. */
  readonly record: (operation: string, outcome: string) => void;
};

/** The hub's methods bound to one run and one unit. */
export const fileEventsOf = (hub: EventHub, run: HubRun, unit: UnitRecord): FileEvents => ({
  taken: () => hub.taken(run.planId, unit),
  stateChanged: (state) => hub.stateChanged(run.planId, unit, state),
  activity: (activity) => hub.setActivity(run.planId, unit.id, activity),
  announceWait: (until) => hub.announceWait(run.planId, unit.id, until),
  waitOver: () => hub.waitOver(run.planId, unit.id),
  call: (event) => hub.onCallEvent(run.planId, unit.id, event),
  acked: (bytes) => hub.noteAcked(run, bytes),
  networkWait: (waiting) => hub.setNetworkWait(run, unit.id, waiting),
  cardWait: (waiting) => hub.setCardWait(run, unit.id, waiting),
  record: (operation, outcome) => hub.record(run.planId, operation, outcome, 1, null),
});
