/** Why a listing was abandoned: a server (or a proxy) that pages it without end. */
export type EndlessReason =
  /** A continuation token (or marker) came back that this listing had already followed. */
  | 'repeated-token'
  /** Page after page brought no entry this listing had not already seen. */
  | 'no-progress'
  /** More pages than any night's listing has (10 million entries at 1,000 a page). */
  | 'too-many-pages';

export type PageVerdict =
  | { readonly kind: 'next' }
  | { readonly kind: 'endless'; readonly why: EndlessReason; readonly pages: number };

export type ListingLimits = {
  /** Consecutive pages without a new entry before the listing is abandoned. */
  readonly idlePages: number;
  readonly pages: number;
};

/**
 * A server may return an empty truncated page now and then (S3 does, past many delete markers);
 * twenty in a row is a loop. At the ~20 pages a second measured on loopback, about a second.
 */
export const defaultListingLimits: ListingLimits = { idlePages: 20, pages: 10_000 };

/**
 * Whether a paginated listing goes anywhere (issue 30: a server repeating one continuation token
 * drew 20 listings a second, forever). Told each truncated page's next token and the identities
 * of its entries, it says to follow the token, or that the listing is endless: a token seen
 * before, `idlePages` pages in a row with nothing new, or more pages than a night can have.
 */
export class ListingProgress {
  private readonly tokens = new Set<string>();
  private readonly seen = new Set<string>();
  private pages = 0;
  private idle = 0;

  constructor(private readonly limits: ListingLimits = defaultListingLimits) {}

  next(token: string, entries: Iterable<string>): PageVerdict {
    this.pages += 1;
    let fresh = 0;
    for (const entry of entries) {
      if (this.seen.has(entry)) continue;
      this.seen.add(entry);
      fresh += 1;
    }
    this.idle = fresh === 0 ? this.idle + 1 : 0;
    if (this.tokens.has(token)) return this.endless('repeated-token');
    this.tokens.add(token);
    if (this.idle >= this.limits.idlePages) return this.endless('no-progress');
    if (this.pages >= this.limits.pages) return this.endless('too-many-pages');
    return { kind: 'next' };
  }

  private endless(why: EndlessReason): PageVerdict {
    return { kind: 'endless', why, pages: this.pages };
  }
}
