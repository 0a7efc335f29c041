import type { Clock } from '../../shared/ports/Clock';
import { countersSince } from '../../shared/retry/countersSince';
import type { RetryCounters } from '../../shared/retry/RetryCall';
import type { DepositEngine } from '../engine/DepositEngine';
import type { EngineEvent } from '../engine/EngineEvent';
import { PlanError } from '../engine/PlanError';
import type { PlanningResult } from '../engine/PlanSummary';
import type { RunResult } from '../engine/RunResult';

/** What running the nights needs of the engine (a portal's analysis, when one is asked). */
export type NightRunner = Pick<DepositEngine, 'run' | 'on' | 'counters' | 'readBackUnproven'> &
  Partial<Pick<DepositEngine, 'startAnalysis'>>;

/** A portal night's analysis, asked once the night is complete: what the portal answered. */
export type NightAnalysis = Awaited<ReturnType<DepositEngine['startAnalysis']>>;

/** A moment of the deposit: the clock's time and the policy's counters then. */
export type Reading = { readonly at: number; readonly counters: RetryCounters };

/** What the run found when it listed the night (or that it could not list it). */
export type NightChecked = Omit<Extract<EngineEvent, { type: 'night-checked' }>, 'type' | 'planId'>;

/** How one night's deposit ended: its run's result, or another process depositing it now. */
export type NightDeposit<N> =
  | {
      readonly kind: 'ran';
      readonly night: N;
      readonly plan: PlanningResult;
      readonly result: RunResult;
      readonly checked?: NightChecked;
      /** A portal night complete, with `startAnalysis` asked: the portal's answer. */
      readonly analysis?: NightAnalysis;
      /** Its share of the time and the requests: from where the previous night's ended. */
      readonly spent: { readonly elapsedMs: number; readonly counters: RetryCounters };
    }
  | {
      readonly kind: 'held-elsewhere';
      readonly night: N;
      readonly plan: PlanningResult;
      readonly error: PlanError;
    };

export type DepositHooks<N> = {
  readonly signal: AbortSignal;
  /** The monotonic clock in the commands: a wall clock set back or forward moves no figure. */
  readonly clock: Clock;
  /** Where the first night's share starts (before its scan and planning, in the commands). */
  readonly since: Reading;
  /** Objects already there with content unproven are read back and compared this time. */
  readonly readBack: boolean;
  /** A portal night complete: its analysis is asked (once; the portal says if it was already). */
  readonly startAnalysis?: boolean;
  /** Before a night runs (how many files will be read back); what it returns, after its run. */
  readonly beforeRun?: (
    planned: { readonly night: N; readonly plan: PlanningResult },
    readBackAgain: number,
  ) => (() => void) | void;
  readonly afterRun?: (deposit: NightDeposit<N>) => void;
};

const isHeldElsewhere = (error: unknown): error is PlanError =>
  error instanceof PlanError && error.detail.code === 'already-running';

/**
 * Runs the planned nights one after another, each night's outcome as data. A night that blocked
 * (a setting, a key), stopped or is held by another process ends the deposit: the next nights
 * would meet the same. A night postponed by the server lets the others go on (issue 30, item 6).
 */
export const depositNights = async <N>(
  runner: NightRunner,
  plans: readonly { readonly night: N; readonly plan: PlanningResult }[],
  hooks: DepositHooks<N>,
): Promise<readonly NightDeposit<N>[]> => {
  const deposits: NightDeposit<N>[] = [];
  let since = hooks.since;
  for (const { night, plan } of plans) {
    const again = hooks.readBack ? runner.readBackUnproven(plan.id) : 0;
    const after = hooks.beforeRun?.({ night, plan }, again);
    let checked: NightChecked | undefined;
    const offChecked = runner.on((e) => {
      if (e.type === 'night-checked' && e.planId === plan.id)
        checked = { listed: e.listed, returned: e.returned, unchecked: e.unchecked };
    });
    let result: RunResult;
    try {
      result = await runner.run(plan.id, { signal: hooks.signal });
    } catch (error) {
      if (!isHeldElsewhere(error)) throw error;
      const held = { kind: 'held-elsewhere', night, plan, error } as const;
      deposits.push(held);
      hooks.afterRun?.(held);
      break;
    } finally {
      after?.();
      offChecked();
    }
    const analysis =
      result.kind === 'completed' && hooks.startAnalysis === true && runner.startAnalysis
        ? await runner.startAnalysis(plan.id, { signal: hooks.signal })
        : undefined;
    const now = { at: hooks.clock.now(), counters: runner.counters() };
    const spent = {
      elapsedMs: now.at - since.at,
      counters: countersSince(now.counters, since.counters),
    };
    since = now;
    const ran = {
      kind: 'ran',
      night,
      plan,
      result,
      spent,
      ...(checked === undefined ? {} : { checked }),
      ...(analysis === undefined ? {} : { analysis }),
    } as const;
    deposits.push(ran);
    hooks.afterRun?.(ran);
    if (result.kind === 'blocked' || result.kind === 'stopped') break;
  }
  return deposits;
};
