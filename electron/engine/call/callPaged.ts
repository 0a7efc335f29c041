import type { EmissionOptions } from '../../../shared/ports/ObjectStore';
import type { Outcome } from '../../../shared/retry/Outcome';
import type { ProfileName } from '../../../shared/retry/RetryCall';
import type { Page, PagedListing, PageOf } from '../../../shared/wire/PagedListing';
import { blockRun } from '../run/blockRun';
import type { RunContext } from '../run/RunContext';
import type { MustWait } from '../StepOutcome';
import type { CallingFile, CallOptions, Called } from './callPolicy';
import { callPolicy } from './callPolicy';

/**
 * A paginated listing through the policy, each page one logical call (one emission per attempt,
 * ADR 0002; issue 32: a listing's pages sent inside one attempt broke it past 1,000 files). The
 * same `listing` asked again after a wait goes on from its cursor. A listing its server pages
 * without end (a repeated token, pages with nothing new) stops the run: it is the server's, not a
 * setting's, and resumable once the server lists again (issue 30, item 8).
 */
export const callPaged = async <T, C>(
  run: RunContext,
  file: CallingFile | undefined,
  operation: string,
  profile: ProfileName,
  listing: PagedListing<T, C>,
  page: (cursor: C | undefined, options: EmissionOptions) => Promise<Outcome<Page<T, C>>>,
  options: CallOptions = {},
): Promise<Called<readonly T[]> | MustWait> => {
  let attempts = 0;
  type Stop = MustWait | Extract<Called<Page<T, C>>, { readonly kind: 'refused' }>;
  const r = await listing.list<Stop>(async (cursor): Promise<PageOf<T, C> | Stop> => {
    const called = await callPolicy(
      run,
      file,
      operation,
      profile,
      0,
      (o) => page(cursor, o),
      options,
    );
    if (called.kind !== 'ok') return called;
    attempts += called.attempts;
    return { kind: 'page' as const, page: called.value };
  });
  if (r.kind === 'listed') return { kind: 'ok', value: r.items, attempts, sent: 0 };
  if (r.kind === 'endless') {
    run.hub.record(
      run.planId === 0 ? null : run.planId,
      operation,
      `unreachable:endless-listing:${r.why}:${r.pages}`,
      attempts,
      null,
    );
    blockRun(run, { kind: 'endless-listing' });
  }
  return r;
};
