import type { EndlessReason } from './ListingProgress';

/**
 * A listing abandoned because its pages go nowhere (`ListingProgress`): every page was a 2xx, so
 * it is no refusal, and nothing usable arrived: unreachable 'endless-listing'. The engine stops
 * the run on it and says so, instead of listing again and again (issue 30).
 */
export class EndlessListing extends Error {
  override readonly name = 'EndlessListing';
  constructor(
    readonly operation: string,
    readonly why: EndlessReason,
    readonly pages: number,
  ) {
    super(`${operation}: abandoned after ${pages} pages (${why})`);
  }
}
