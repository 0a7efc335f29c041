import type { RunResult } from '../engine/RunResult';

/**
 * `depot deposit`'s exit code for one night's run, S3 or portal: 0 done, 3 definitive failures,
 * 4 stopped or postponed (resumable), 2 blocked by a setting or a key.
 */
export const exitCodeOf = (result: RunResult): number => {
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
