import type { SourceChange } from './fingerprint';

/** Why a folder cannot be planned (or an existing plan resumed). Nothing is changed when thrown. */
export type PlanErrorDetail =
  | { readonly code: 'empty-folder'; readonly dir: string }
  | {
      readonly code: 'sources-changed';
      readonly planId: number;
      readonly changes: readonly SourceChange[];
    }
  | { readonly code: 'no-such-plan'; readonly planId: number }
  /** A portal's request (the analysis, its files) asked of a night that goes to S3. */
  | { readonly code: 'not-a-portal-night'; readonly planId: number }
  /**
   * The folder's plan (same folder, endpoint, bucket and prefix) gives its files other keys than
   * the names asked now (another profile or other field values): a night keeps the names it was
   * created with, as it keeps its target.
   */
  | {
      readonly code: 'names-changed';
      readonly planId: number;
      /** Some of the files concerned: the key the plan holds, and the one asked now. */
      readonly examples: readonly {
        readonly relPath: string;
        readonly planned: string;
        readonly asked: string;
      }[];
      readonly count: number;
    }
  /** Another night of the same folder already goes to that destination (issue 31). */
  | { readonly code: 'destination-taken'; readonly planId: number; readonly by: number }
  /** A night asked off the server is not deposited, corrected or settled any more. */
  | { readonly code: 'being-removed'; readonly planId: number }
  /** The file's conflict cannot be settled as asked (no conflict now, or no free name). */
  | { readonly code: 'not-settleable'; readonly planId: number; readonly unitId: number }
  | {
      readonly code: 'already-running';
      readonly planId: number;
      /** Set when another process holds the plan's run lease (absent: this engine runs it). */
      readonly holder?: { readonly pid: number; readonly host: string };
    };

export class PlanError extends Error {
  override readonly name = 'PlanError';
  constructor(
    readonly detail: PlanErrorDetail,
    message: string,
  ) {
    super(message);
  }
}
