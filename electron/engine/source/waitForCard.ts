import type { FileDeposit } from '../file/FileDeposit';
import type { RunContext } from '../run/RunContext';
import { cardBack } from './cardAway';

/** How often the card's return is looked for: a stat of its folder, nothing sent. */
const LOOK_EVERY_MS = 1_000;

/**
 * A card pulled out is a pause, not a failure (issue 30, item 10): the file waits, said as "card
 * removed" on its row and for its night, until the card is back; a stop ends the wait (the
 * platform's AbortError), the night resumable as ever.
 */
export const waitForCard = async (
  run: RunContext,
  file: FileDeposit,
  dir: string,
): Promise<void> => {
  const { source, store, sleeper } = run.ports;
  file.events.cardWait(true);
  try {
    while (!(await cardBack(source, store, dir, file.unit))) {
      await sleeper.sleep(LOOK_EVERY_MS, run.controller.signal);
    }
  } finally {
    file.events.cardWait(false);
  }
};
