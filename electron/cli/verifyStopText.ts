import type { VerifyStop } from '../nights/VerifyReport';
import { certificateAdvice } from './certificateAdvice';
import { deniedSentence, ENDLESS_LISTING } from './describeCause';

/** Verify reads a listing: a key that may not list (a write-only key) can verify nothing. */
export const cannotList = (bucket: string, prefix: string): string =>
  `${deniedSentence({ action: 'list', bucket, folder: prefix })} (AccessDenied): verifying needs a key that may list the night's folder; this one may only deposit`;

/** Why `depot verify` concluded nothing, in its one line (after `depot verify: `). */
export const verifyStopText = (stop: VerifyStop, bucket: string, endpoint: string): string => {
  const couldNot = (what: string): string =>
    `could not verify: ${what}. Nothing is concluded; try again.`;
  switch (stop.kind) {
    case 'denied':
      return stop.action === 'list'
        ? cannotList(bucket, stop.where)
        : `${deniedSentence({ action: 'read', bucket, folder: stop.where })} (AccessDenied)`;
    case 'endless-listing':
      return couldNot(`${stop.operation}: ${ENDLESS_LISTING}`);
    case 'interrupted':
      return 'interrupted, nothing concluded';
    case 'unanswered': {
      const last = stop.last;
      const why =
        last === undefined
          ? stop.reason
          : last.kind === 'refused'
            ? `${last.status} ${last.code ?? ''}`.trim()
            : last.kind === 'unreachable'
              ? last.reason === 'incomplete-answer'
                ? "the server's answers could not be read"
                : `unreachable (${last.reason})`
              : last.kind === 'certificate'
                ? certificateAdvice(last.problem, last.code, endpoint)
                : last.kind;
      return couldNot(`${stop.operation}: ${why}`);
    }
  }
};
