import type { EmissionOptions } from '../../../shared/ports/ObjectStore';
import type { PortalCallName } from '../../../shared/portal/portalCallRules';
import { portalCallRules } from '../../../shared/portal/portalCallRules';
import type { Outcome } from '../../../shared/retry/Outcome';
import type { Page } from '../../../shared/wire/PagedListing';
import { PagedListing } from '../../../shared/wire/PagedListing';
import type { Called } from '../call/callPolicy';
import { callPaged } from '../call/callPaged';
import type { RunContext } from '../run/RunContext';
import type { MustWait } from '../StepOutcome';

/**
 * A portal listing through the policy one page per call (ADR 0002), as the bucket's listings are:
 * `portalCall`'s profile and endpoint, `callPaged`'s pages. The same `listing` asked again after
 * a wait goes on from the page it reached.
 */
export const portalPaged = <T>(
  run: RunContext,
  call: PortalCallName,
  operation: string,
  endpoint: string,
  listing: PagedListing<T, number>,
  page: (page: number | undefined, options: EmissionOptions) => Promise<Outcome<Page<T, number>>>,
): Promise<Called<readonly T[]> | MustWait> => {
  // Known to the event hub before its first event: the policy's retries are journaled.
  run.portal?.endpoints.add(endpoint);
  return callPaged(run, undefined, operation, portalCallRules[call].profile, listing, page, {
    endpoint,
  });
};

/** A listing of portal pages, numbered from 1, its entries told apart by `identity`. */
export const portalListing = <T>(identity: (item: T) => string): PagedListing<T, number> =>
  new PagedListing<T, number>(identity, String);
