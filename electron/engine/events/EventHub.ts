import type { UnitActivity, UnitState } from '../../../shared/domain/UnitState';
import type { Clock } from '../../../shared/ports/Clock';
import type { CallEvent, RetryEvent } from '../../../shared/retry/RetryCall';
import type { PlanStore } from '../../store/PlanStore';
import type { UnitRecord } from '../../store/UnitRecord';
import type { EngineEvent } from '../EngineEvent';
import type { NightLive } from '../NightLive';
import type { PolicyPort } from '../PolicyPort';
import type { HubRun } from './HubRun';
import { journalOutcomeOf } from '../../../shared/engine/journalOutcomeOf';
import { staleAcks, throughputOf } from '../../../shared/engine/throughputWindow';

const PROGRESS_EVERY_MS = 250;

/**
 * What the engine tells: listeners, each unit's live activity (owned here only), progress and
 * throughput, "waiting for network", the policy's events attributed to their plan and unit, and
 * the journal's records. Unit states are persisted here too, so that a state and its event never
 * part.
 */
export class EventHub {
  private readonly listeners = new Set<(event: EngineEvent) => void>();
  private readonly activity = new Map<number, { planId: number; activity: UnitActivity }>();
  /** The state each file of a run was last told in, so that its next event says what it left. */
  private readonly told = new Map<number, UnitState['kind']>();
  private circuitOffline = false;

  constructor(
    private readonly store: PlanStore,
    private readonly clock: Clock,
    private readonly policy: PolicyPort,
    private readonly runs: ReadonlyMap<number, HubRun>,
    /** The current settings' endpoint. */
    private readonly endpoint: string,
  ) {}

  on(listener: (event: EngineEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  emit(event: EngineEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  activityOf(unitId: number): UnitActivity {
    return this.activity.get(unitId)?.activity ?? { kind: 'idle' };
  }

  /**
   * What a night is doing now that no table holds: waiting for the network (until the server
   * acknowledges a byte) or for its card, and the earliest of its files' announced waits.
   */
  liveOf(planId: number): NightLive {
    const run = this.runs.get(planId);
    let nextRetryAt: number | null = null;
    for (const entry of this.activity.values()) {
      const { activity } = entry;
      if (entry.planId !== planId || activity.kind !== 'retry-wait') continue;
      if (nextRetryAt === null || activity.nextAttemptAt < nextRetryAt)
        nextRetryAt = activity.nextAttemptAt;
    }
    return {
      waitingNetwork: run !== undefined && this.isWaitingNetwork(run),
      waitingCard: run !== undefined && run.state.waitingCard > 0,
      nextRetryAt,
    };
  }

  /** The file's turn ended: what it was doing is over, and said so. */
  forgetActivity(unitId: number): void {
    const entry = this.activity.get(unitId);
    this.told.delete(unitId);
    if (entry !== undefined) this.setActivity(entry.planId, unitId, { kind: 'idle' });
  }

  /** The night's run ended: whatever its files were doing is over. */
  forgetRunActivity(planId: number): void {
    for (const [unitId, entry] of this.activity)
      if (entry.planId === planId) this.forgetActivity(unitId);
  }

  setActivity(planId: number, unitId: number, activity: UnitActivity): void {
    if (activity.kind === 'idle') this.activity.delete(unitId);
    else this.activity.set(unitId, { planId, activity });
    this.emit({ type: 'unit-activity', planId, unitId, activity });
  }

  /**
   * The one place a file's wait is announced: a retry the policy scheduled for the file's call
   * (told to that call, `callPolicy`) and a wait after the call gave up (`withWaits`) alike. The
   * row's countdown and the night's (`liveOf`) read this one instant.
   */
  announceWait(planId: number, unitId: number, until: number): void {
    this.setActivity(planId, unitId, { kind: 'retry-wait', nextAttemptAt: until });
  }

  /** The announced wait is over: the attempt is on its way. Any other activity stays. */
  waitOver(planId: number, unitId: number): void {
    if (this.activity.get(unitId)?.activity.kind === 'retry-wait')
      this.setActivity(planId, unitId, { kind: 'idle' });
  }

  /** The journal's line for one call's own event, and its wait announced on the file's row. */
  onCallEvent(planId: number | null, unitId: number | undefined, event: CallEvent): void {
    if (event.type === 'gave-up') {
      this.record(planId, event.operation, journalOutcomeOf(event), event.attempts, null);
      return;
    }
    const now = this.clock.now();
    this.record(
      planId,
      event.operation,
      journalOutcomeOf(event),
      event.attempt,
      event.nextAttemptAt - now,
    );
    if (planId !== null && unitId !== undefined)
      this.announceWait(planId, unitId, event.nextAttemptAt);
  }

  /** A unit's state written and told, for a unit no file deposit holds (a night's check, a retry). */
  setState(planId: number, unit: UnitRecord, state: UnitState): void {
    this.store.setState(unit.id, state, this.clock.now());
    this.stateChanged(planId, unit, state);
  }

  /**
   * A unit's new state told, once it is written (by `setState`, or by the file's deposit with what
   * it held for the unit, in one commit): a state and its event never part.
   */
  stateChanged(planId: number, unit: UnitRecord, state: UnitState): void {
    // Settled, deferred or failed: its turn's activity ends with it.
    if (state.kind !== 'in-progress') this.activity.delete(unit.id);
    const was = this.told.get(unit.id);
    this.told.set(unit.id, state.kind);
    this.emit({
      type: 'unit-state',
      planId,
      unitId: unit.id,
      relPath: unit.relPath,
      state,
      activity: this.activityOf(unit.id),
      ...(was === undefined ? {} : { was }),
    });
    // Throttled like the bytes: the counts are a query over the whole plan, and forced at every
    // state change they grew with the square of the files (78 of 196 s for 10,000, ADR 0010).
    // The end of a run emits them once more, forced.
    if (state.kind !== 'in-progress') this.emitProgress(planId, false);
  }

  /** A worker took the unit (its deposit persists that with the unit's next commit): told now. */
  taken(planId: number, unit: UnitRecord): void {
    this.told.set(unit.id, 'in-progress');
    this.emit({
      type: 'unit-state',
      planId,
      unitId: unit.id,
      relPath: unit.relPath,
      state: { kind: 'in-progress' },
      activity: this.activityOf(unit.id),
      was: unit.state.kind,
    });
  }

  noteAcked(run: HubRun, bytes: number): void {
    const now = this.clock.now();
    run.state.acked.push({ at: now, bytes });
    run.state.acked.splice(0, staleAcks(run.state.acked, now));
    if (run.state.networkWaitsAnswered < run.state.networkWaits) this.networkAnswered(run);
    this.emitProgress(run.planId, false);
  }

  /**
   * The server acknowledged bytes of this night: every wait for the network it had ends here,
   * on the night and on its files' rows (issue 31), whichever file's step is still under way.
   */
  private networkAnswered(run: HubRun): void {
    const before = this.isWaitingNetwork(run);
    run.state.networkWaitsAnswered = run.state.networkWaits;
    for (const [unitId, { planId, activity }] of this.activity) {
      if (planId === run.planId && activity.kind === 'waiting-network')
        this.setActivity(run.planId, unitId, { kind: 'idle' });
    }
    this.emitNetworkChange(run, before);
  }

  emitProgress(planId: number, force: boolean): void {
    const run = this.runs.get(planId);
    const now = this.clock.now();
    if (!force && run !== undefined && now - run.state.lastProgressAt < PROGRESS_EVERY_MS) return;
    if (run !== undefined) run.state.lastProgressAt = now;
    const c = this.store.counts(planId);
    this.emit({
      type: 'plan-progress',
      planId,
      bytesAcked: c.bytesAcked,
      bytesTotal: c.bytesTotal,
      units: c.units,
      done: c.done,
      failed: c.failed,
    });
    const bytesPerSec = run === undefined ? undefined : throughputOf(run.state.acked, now);
    if (bytesPerSec !== undefined) this.emit({ type: 'throughput', planId, bytesPerSec });
    const endpoint = run?.portal?.portal.endpoint ?? run?.objects.endpoint ?? this.endpoint;
    this.emit({ type: 'counters', counters: this.policy.counters(endpoint) });
  }

  setNetworkWait(run: HubRun, unitId: number | undefined, waiting: boolean): void {
    const before = this.isWaitingNetwork(run);
    run.state.waitingNetwork += waiting ? 1 : -1;
    if (waiting) run.state.networkWaits += 1;
    if (unitId !== undefined) {
      this.setActivity(
        run.planId,
        unitId,
        waiting ? { kind: 'waiting-network' } : { kind: 'idle' },
      );
    }
    this.emitNetworkChange(run, before);
  }

  /** A unit waits for its card, pulled out of the reader: the night says so while any does. */
  setCardWait(run: HubRun, unitId: number, waiting: boolean): void {
    const before = run.state.waitingCard > 0;
    run.state.waitingCard += waiting ? 1 : -1;
    this.setActivity(run.planId, unitId, waiting ? { kind: 'waiting-card' } : { kind: 'idle' });
    const now = run.state.waitingCard > 0;
    if (now !== before) this.emit({ type: 'waiting-card', planId: run.planId, waiting: now });
  }

  /** A unit waits for the network, or the policy holds calls while the endpoint is unreachable. */
  private isWaitingNetwork(run: HubRun): boolean {
    const unanswered =
      run.state.waitingNetwork > 0 && run.state.networkWaitsAnswered < run.state.networkWaits;
    return unanswered || this.circuitOffline;
  }

  private emitNetworkChange(run: HubRun, before: boolean): void {
    const now = this.isWaitingNetwork(run);
    if (now !== before) this.emit({ type: 'waiting-network', planId: run.planId, waiting: now });
  }

  /** The circuit's changes (a call's own events go to that call, `onCallEvent`). */
  onPolicyEvent(event: RetryEvent): void {
    if (event.type !== 'circuit' || !this.knows(event.endpoint)) return;
    // Calls wait inside the policy while the circuit is open for the network: say so.
    // Half-open is a probe on its way: still offline until it succeeds (closed).
    const offline =
      event.state.kind === 'half-open'
        ? this.circuitOffline
        : event.state.kind === 'open' && event.state.cause === 'offline';
    const before = [...this.runs.values()].map((run) => this.isWaitingNetwork(run));
    this.circuitOffline = offline;
    [...this.runs.values()].forEach((run, i) => this.emitNetworkChange(run, before[i] ?? false));
  }

  /** The current settings' endpoint, or a running night's own (a portal night's API and storage). */
  private knows(endpoint: string): boolean {
    if (endpoint === this.endpoint) return true;
    for (const run of this.runs.values()) {
      if (run.objects.endpoint === endpoint || run.portal?.endpoints.has(endpoint) === true)
        return true;
    }
    return false;
  }

  record(
    planId: number | null,
    operation: string,
    outcome: string,
    attempt: number,
    delayMs: number | null,
  ): void {
    this.store.addJournal({ planId, operation, outcome, attempt, delayMs, at: this.clock.now() });
  }
}
