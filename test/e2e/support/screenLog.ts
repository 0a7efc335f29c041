import type { Page } from 'playwright-core';
import type { FaultProxy } from '../../support/faultProxy';

/** One change of what the page shows of the night opened, at the page's clock (the machine's). */
export type Seen = {
  /** The night's state badge (`data-state`), null while none is shown. */
  readonly state: string | null;
  /** The status bar's `data-status` (`waiting-network`, `blocked`, `disconnected`...). */
  readonly bar: string | null;
  /** The night's percentage on the server (moves with the first acknowledged byte). */
  readonly percent: string | null;
  readonly at: number;
};

/**
 * Starts recording what the page shows, sampled every 50 ms, each change kept with its instant.
 * The sampler lives in the page: it goes on through a restarted backend (the page reconnects).
 */
export const recordScreen = async (page: Page): Promise<void> => {
  await page.evaluate(`(() => {
    const w = window;
    if (w.__recorder !== undefined) clearInterval(w.__recorder);
    w.__seen = [];
    const attr = (selector, name) => {
      const e = document.querySelector(selector);
      return e === null ? null : e.getAttribute(name);
    };
    w.__recorder = setInterval(() => {
      const percent = document.querySelector('[data-testid="percent"]');
      const now = {
        state: attr('section[data-plan-id] .badge', 'data-state'),
        bar: attr('footer.status-bar', 'data-status'),
        percent: percent === null ? null : percent.textContent,
      };
      const last = w.__seen[w.__seen.length - 1];
      if (last === undefined || last.state !== now.state || last.bar !== now.bar || last.percent !== now.percent)
        w.__seen.push({ ...now, at: Date.now() });
    }, 50);
  })()`);
};

export const seenSoFar = (page: Page): Promise<readonly Seen[]> =>
  page.evaluate<Seen[]>('window.__seen');

/**
 * The first recording's bytes the server acknowledged after `since`, from the proxy's own log:
 * the end of the first PUT (a whole file, or a part) answered 200 that began after it.
 */
export const firstAckAfter = (proxy: FaultProxy, since: number): number | undefined =>
  proxy
    .log()
    .filter((e) => e.time >= since && e.method === 'PUT' && e.status === 200)
    .filter((e) => !e.path.includes('/.depot/'))
    .map((e) => e.endedAt ?? e.time)
    .sort((a, b) => a - b)[0];

/**
 * How long the page went on saying `stale` (a state it shows that is no longer true) after the
 * server acknowledged bytes at `ackAt`: the instant of the first sample after the last stale one,
 * minus `ackAt`. Negative when the screen was right before the bytes came. Undefined when the
 * page never showed it while recording, or never stopped.
 */
export const lagAfter = (
  seen: readonly Seen[],
  ackAt: number,
  stale: (s: Seen) => boolean,
): { readonly goneAt: number; readonly lag: number } | undefined => {
  const last = seen.findLastIndex(stale);
  const next = seen[last + 1];
  if (last < 0 || next === undefined) return undefined;
  return { goneAt: next.at, lag: next.at - ackAt };
};
