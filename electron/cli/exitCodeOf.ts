import type { RunResult } from '../engine/RunResult';
import type { VerifyOutcome } from '../nights/VerifyReport';

/**
 * A `depot` command's exit code (README, "Exit codes"): 0 done (or proved identical), 1 anything
 * unexpected, 2 usage, configuration or a key's refusal, 3 definitive failures (or differences),
 * 4 stopped before the end: resumable, or nothing concluded.
 */
export type ExitCode = 0 | 1 | 2 | 3 | 4;

/**
 * `depot deposit`'s exit code for one night's run, S3 or portal: 0 done, 3 definitive failures,
 * 4 stopped or postponed (resumable), 2 blocked by a setting or a key.
 */
export const exitCodeOf = (result: RunResult): ExitCode => {
  switch (result.kind) {
    case 'completed':
      return 0;
    case 'failures':
      return 3;
    case 'stopped':
    case 'postponed':
      return 4;
    case 'blocked':
      // The server's listing, not a setting, stopped it: resumable once the server lists again.
      return result.cause.kind === 'endless-listing' ? 4 : 2;
  }
};

/** Several nights end as the worst of them: refused, then failures, then stopped, then done. */
export const combinedExit = (codes: readonly ExitCode[]): ExitCode =>
  ([2, 3, 4, 1] as const).find((c) => codes.includes(c)) ?? 0;

/**
 * `depot verify`'s: 0 every night proved identical with its manifest agreeing, 3 differences or
 * unproven content, 2 a key that may not list or read the night's folder, 4 nothing concluded.
 */
export const verifyExitCode = (outcome: VerifyOutcome): ExitCode => {
  if (outcome.kind === 'verified') return outcome.clean ? 0 : 3;
  return outcome.stop.kind === 'denied' ? 2 : 4;
};
