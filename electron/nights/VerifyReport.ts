import type { Failure } from '../../shared/retry/Outcome';
import type { GiveUpReason } from '../../shared/retry/RetryCall';

/** What `verifyNights` found of one night on the server (printed, or one JSON line, by the CLI). */
export type VerifyReport = {
  readonly bucket: string;
  readonly prefix: string;
  readonly files: number;
  readonly verified: number;
  readonly missing: readonly string[];
  readonly differing: readonly { readonly path: string; readonly reason: string }[];
  /** Present with the same size, but nothing the server computed proves the bytes (no --read-back). */
  readonly unproven: readonly string[];
  readonly unexpected: readonly string[];
  readonly manifest: {
    readonly present: boolean;
    /** The manifest chosen: the night's own (the one listing exactly these files), newest first. */
    readonly key?: string;
    readonly size?: number;
    /** Why the manifest could not be used (not JSON, not a Depot manifest, too large). */
    readonly invalid?: string;
    /** Entries that disagree with the local files or with the listing. */
    readonly disagreements: readonly { readonly key: string; readonly reason: string }[];
  };
};

/** Everything proved identical, nothing else there, and the night's manifest there and agreeing. */
export const isClean = (r: VerifyReport): boolean =>
  r.missing.length === 0 &&
  r.differing.length === 0 &&
  r.unproven.length === 0 &&
  r.unexpected.length === 0 &&
  r.manifest.present &&
  r.manifest.invalid === undefined &&
  r.manifest.disagreements.length === 0;

/** Why verifying stopped before a conclusion: nothing is concluded of the nights not reported. */
export type VerifyStop =
  /** The bucket's policy refused a listing or a read of the night's folder (a write-only key). */
  | { readonly kind: 'denied'; readonly action: 'list' | 'read'; readonly where: string }
  /** The policy gave up on a question (the server did not answer, or refused it). */
  | {
      readonly kind: 'unanswered';
      readonly operation: string;
      readonly reason: GiveUpReason;
      readonly last?: Failure;
    }
  /** The server paged the listing without end (issue 30, item 8). */
  | { readonly kind: 'endless-listing'; readonly operation: string }
  | { readonly kind: 'interrupted' };

/** The outcome of verifying a folder's nights: every night's report, or where it stopped. */
export type VerifyOutcome =
  | { readonly kind: 'verified'; readonly nights: readonly VerifyReport[]; readonly clean: boolean }
  | {
      readonly kind: 'stopped';
      readonly stop: VerifyStop;
      readonly nights: readonly VerifyReport[];
    };
