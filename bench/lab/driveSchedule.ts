import type { LinkLab } from './LinkLab';
import type { Cut } from './LinkProfile';

/** A cut as it actually happened during one tool's run. */
export type CutEvent = Cut & { readonly startedS: number; readonly endedS: number };

const sleep = (ms: number, signal: AbortSignal): Promise<void> =>
  new Promise((resolve) => {
    if (signal.aborted || ms <= 0) return resolve();
    const timer = setTimeout(done, ms);
    function done(): void {
      clearTimeout(timer);
      signal.removeEventListener('abort', done);
      resolve();
    }
    signal.addEventListener('abort', done, { once: true });
  });

/**
 * Plays a cut schedule against the lab from `startedMs` until `signal` aborts (the tool finished).
 * The link is always left up, even when aborted mid-cut.
 */
export const driveSchedule = async (
  lab: LinkLab,
  cuts: readonly Cut[],
  serverPort: number,
  startedMs: number,
  signal: AbortSignal,
  log: (line: string) => void,
): Promise<CutEvent[]> => {
  const events: CutEvent[] = [];
  const elapsedS = (): number => (Date.now() - startedMs) / 1000;
  for (const cut of cuts) {
    await sleep(startedMs + cut.atS * 1000 - Date.now(), signal);
    if (signal.aborted) break;
    const startedS = elapsedS();
    lab.setLink(false);
    log(`  link down (${cut.kind}, ${cut.downS} s) at ${startedS.toFixed(0)} s`);
    try {
      await sleep(cut.downS * 1000, signal);
    } finally {
      lab.setLink(true);
      if (cut.resetAfter) lab.resetConnections(serverPort);
    }
    events.push({ ...cut, startedS, endedS: elapsedS() });
  }
  return events;
};
