import type { EmissionOptions } from '../../../shared/ports/ObjectStore';
import type { Failure, Outcome, Refused } from '../../../shared/retry/Outcome';
import type { CallResult, ProfileName } from '../../../shared/retry/RetryCall';
import { mayHaveActed } from '../../../shared/engine/mayHaveActed';
import type { FileEvents } from '../file/FileEvents';
import type { RunContext } from '../run/RunContext';
import type { MustWait } from '../StepOutcome';
import { mustWait } from '../StepOutcome';
import { abortError } from '../abortError';
import { blockRun } from '../run/blockRun';
import { callMsFor } from '../EngineSettings';
import type { Tally } from './emitAttempt';
import { emitAttempt } from './emitAttempt';

export type Called<T> =
  | { readonly kind: 'ok'; readonly value: T; readonly attempts: number; readonly sent: number }
  | { readonly kind: 'refused'; readonly failure: Refused; readonly attempts: number };

/** What a call tells the file it works for (its `FileDeposit`). */
export type CallingFile = {
  readonly id: number;
  readonly events: Pick<FileEvents, 'call' | 'waitOver'>;
  /** The call's bytes counted and its journal line: now, or with the file's next commit. */
  settleCall(settle: () => void, withNextCommit: boolean): void;
  /** A write of this call may have acted without a reply: its next step asks the server first. */
  mayHaveActed(): void;
  /** The server answered: nothing of the file's is in doubt any more. */
  answered(): void;
};

export type CallOptions = {
  readonly write?: boolean;
  /** For a write: which failures may have acted (default: a lost reply after the whole body). */
  readonly mayHaveActed?: (failure: Failure) => boolean;
  readonly reconciles?: boolean;
  /** Told the body bytes that went out over every attempt, however the call ends. */
  readonly onSent?: (bytes: number) => void;
  /**
   * The caller commits the unit right after a success (its part's ack or its `done`): a success
   * whose body went out once, whole, has its count and journal line committed with that, not
   * before it in a commit of their own (issue 15: one commit less per small file).
   */
  readonly committedAfter?: boolean;
  /**
   * The endpoint the call goes to, when not the night's object store's: a portal night's API or
   * the storage its signed URLs name (ADR 0032). Its own budget and breaker.
   */
  readonly endpoint?: string;
};

/**
 * One logical call through the policy, with a deadline sized to the body. Success and
 * not-retryable refusals come back; a transient give-up comes back as MustWait (never a failure);
 * a refused certificate or an endless listing blocks the run (`blockRun` throws).
 * `write` marks a call that may act on the server: a failed attempt that may have acted is not
 * replayed (the policy ends with `outcome-unknown`) and the unit is marked unsettled, so its
 * next step asks the server first (seed 003). `reconciles` makes that question pay as a retry.
 */
export const callPolicy = async <T>(
  run: RunContext,
  file: CallingFile | undefined,
  operation: string,
  profile: ProfileName,
  bodyBytes: number,
  emit: (options: EmissionOptions, attempt: number) => Promise<Outcome<T>>,
  options: CallOptions = {},
): Promise<Called<T> | MustWait> => {
  const { clock, settings, pacer, policy } = run.ports;
  const { hub } = run;
  const endpoint = options.endpoint ?? run.objects.endpoint;
  const signal = run.controller.signal;
  await pacer.waitHold(signal);
  const deadline = clock.now() + callMsFor(settings, bodyBytes);
  const tally: Tally = { sent: 0, attemptSent: 0 };
  let unknown = false;
  const acted = (failure: Failure): boolean =>
    options.mayHaveActed?.(failure) ?? mayHaveActed(failure, tally.attemptSent >= bodyBytes);
  const journalPlan = run.planId === 0 ? null : run.planId;
  const write = options.write === true;
  let result;
  try {
    result = await policy.run(
      {
        endpoint,
        profile,
        deadline,
        signal,
        operation,
        // The policy tells this call its waits: the file's row hears them, no lookup by name.
        onEvent: (event) =>
          file === undefined
            ? hub.onCallEvent(journalPlan, undefined, event)
            : file.events.call(event),
        ...(options.reconciles === true ? { reconciles: true } : {}),
        ...(write
          ? {
              mayReplay: (failure: Failure) => {
                unknown = acted(failure);
                return !unknown;
              },
            }
          : {}),
      },
      emitAttempt(run, { file, endpoint, operation, bodyBytes, write, emit }, tally),
    );
  } catch (error) {
    options.onSent?.(tally.sent);
    throw error;
  }
  const { sent } = tally;
  if (result.kind === 'success') {
    const { attempts } = result;
    // The bytes counted and the journal's line, written in this one synchronous stretch: one
    // commit (with what the run held for the unit), not two (issue 15).
    const settle = (): void => {
      options.onSent?.(sent);
      hub.record(journalPlan, operation, 'success', attempts, null);
    };
    if (file === undefined || options.onSent === undefined) settle();
    else file.settleCall(settle, options.committedAfter === true && sent === bodyBytes);
    pacer.succeeded();
    file?.answered();
    return { kind: 'ok', value: result.value, attempts, sent };
  }
  options.onSent?.(sent);
  if (result.reason === 'aborted' || signal.aborted) {
    if (unknown) file?.mayHaveActed();
    throw abortError();
  }
  return afterGiveUp(
    run,
    file,
    result,
    write && result.last !== undefined && acted(result.last),
    options.endpoint,
  );
};

/**
 * A call the policy gave up on: a not-retryable refusal comes back; a refused certificate blocks
 * the run (`blockRun` throws); anything else is a wait (never a failure), for the network when
 * the circuit is open or nothing answered. A write whose last attempt may have acted leaves its
 * file unsettled: its next step asks the server before replaying.
 */
const afterGiveUp = (
  run: RunContext,
  file: CallingFile | undefined,
  result: Extract<CallResult<unknown>, { readonly kind: 'gave-up' }>,
  mayHaveActedLast: boolean,
  endpoint: string | undefined,
): Called<never> | MustWait => {
  if (result.last?.kind === 'refused' && result.reason === 'not-retryable') {
    return { kind: 'refused', failure: result.last, attempts: result.attempts };
  }
  // The endpoint's certificate is refused: no request of this run can get through until someone
  // fixes the address, the certificate or the clock; stopped here, for every caller at once.
  if (result.last?.kind === 'certificate') {
    const { problem, code } = result.last;
    blockRun(run, { kind: 'certificate', problem, code });
  }
  // The last attempt of a write went unanswered: whatever ended the call, ask before replaying.
  if (mayHaveActedLast) file?.mayHaveActed();
  const network = result.reason === 'circuit-open' || result.last?.kind === 'unreachable';
  return mustWait(
    run.ports.pacer.gaveUp({ notBefore: result.notBefore, network }),
    network,
    endpoint,
  );
};
