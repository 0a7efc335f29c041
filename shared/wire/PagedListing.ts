import type { EndlessReason } from './ListingProgress';
import { ListingProgress } from './ListingProgress';

/** One page of a listing: its entries, and where the next page starts (none: the last page). */
export type Page<T, C> = { readonly items: readonly T[]; readonly next?: C | undefined };

/** What a page's fetch gives when it got one. */
export type PageOf<T, C> = { readonly kind: 'page'; readonly page: Page<T, C> };

/** The whole listing. */
export type Listed<T> = { readonly kind: 'listed'; readonly items: readonly T[] };

/** A listing abandoned: its server pages it without end (issue 30, item 8). */
export type EndlessListing = {
  readonly kind: 'endless';
  readonly why: EndlessReason;
  readonly pages: number;
};

/**
 * A listing fetched one page at a time by the caller, each page one logical call through the
 * retry policy (one emission per attempt, ADR 0002; issue 32: a night over 1,000 files broke it).
 * Guarded against a server that pages without end. `fetch` may stop the listing with any other
 * value (a refusal, a wait), handed back as is: the pages listed and the cursor are kept, so the
 * same listing asked again goes on from there instead of from its first page.
 */
export class PagedListing<T, C> {
  private readonly items: T[] = [];
  private cursor: C | undefined;
  private readonly progress = new ListingProgress();

  constructor(
    /** What identifies an entry (a key, a part number): a page of none new is no progress. */
    private readonly identity: (item: T) => string,
    /** A cursor as text: one seen before is a loop. */
    private readonly token: (cursor: C) => string,
  ) {}

  async list<S extends { readonly kind: string } = never>(
    /** A page, or why the listing stops now (`S`, given by the caller: anything but a page). */
    fetch: (cursor: C | undefined) => Promise<PageOf<T, C> | NoInfer<S>>,
  ): Promise<Listed<T> | EndlessListing | S> {
    for (;;) {
      const got = await fetch(this.cursor);
      if (!isPage<T, C, S>(got)) return got;
      const { items, next } = got.page;
      this.items.push(...items);
      if (next === undefined) return { kind: 'listed', items: this.items };
      const verdict = this.progress.next(this.token(next), items.map(this.identity));
      if (verdict.kind === 'endless') return verdict;
      this.cursor = next;
    }
  }
}

const isPage = <T, C, S extends { readonly kind: string }>(
  value: PageOf<T, C> | S,
): value is PageOf<T, C> => value.kind === 'page';
