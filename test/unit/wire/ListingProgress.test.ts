import { describe, expect, it } from 'vitest';
import { ListingProgress } from '../../../shared/wire/ListingProgress';

/** Feeds pages (next token, entries) and returns the first verdict that is not `next`. */
const follow = (
  pages: readonly (readonly [string, readonly string[]])[],
  limits = { idlePages: 3, pages: 100 },
) => {
  const progress = new ListingProgress(limits);
  for (const [token, entries] of pages) {
    const verdict = progress.next(token, entries);
    if (verdict.kind !== 'next') return verdict;
  }
  return { kind: 'next' } as const;
};

describe('ListingProgress: a paginated listing that goes nowhere is abandoned (issue 30)', () => {
  it('follows a listing whose tokens are new and whose pages bring new entries', () => {
    expect(
      follow([
        ['t1', ['a', 'b']],
        ['t2', ['c']],
        ['t3', ['d', 'e']],
      ]),
    ).toEqual({ kind: 'next' });
  });

  it('abandons at once on a token it already followed, whatever the page holds', () => {
    expect(
      follow([
        ['same', []],
        ['same', []],
      ]),
    ).toEqual({ kind: 'endless', why: 'repeated-token', pages: 2 });
    expect(
      follow([
        ['t1', ['a']],
        ['t2', ['b']],
        ['t1', ['c']],
      ]),
    ).toEqual({ kind: 'endless', why: 'repeated-token', pages: 3 });
  });

  it('tolerates a few empty pages, not a run of them', () => {
    expect(
      follow([
        ['t1', ['a']],
        ['t2', []],
        ['t3', []],
        ['t4', ['b']],
      ]),
    ).toEqual({ kind: 'next' });
    expect(
      follow([
        ['t1', ['a']],
        ['t2', []],
        ['t3', []],
        ['t4', []],
      ]),
    ).toEqual({ kind: 'endless', why: 'no-progress', pages: 4 });
  });

  it('a server giving the same page under new tokens makes no progress', () => {
    expect(
      follow([
        ['t1', ['a', 'b']],
        ['t2', ['a', 'b']],
        ['t3', ['a', 'b']],
        ['t4', ['a', 'b']],
      ]),
    ).toEqual({ kind: 'endless', why: 'no-progress', pages: 4 });
  });

  it('stops past the most pages a listing can have', () => {
    const pages = Array.from({ length: 5 }, (_, i) => [`t${i}`, [`k${i}`]] as const);
    expect(follow(pages, { idlePages: 3, pages: 5 })).toEqual({
      kind: 'endless',
      why: 'too-many-pages',
      pages: 5,
    });
  });
});
