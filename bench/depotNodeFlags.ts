import { readFileSync } from 'node:fs';

const BIN = new URL('../bin/depot.js', import.meta.url);

/**
 * The Node flags `bin/depot.js` runs Depot with (its shebang line), for a bench that runs another
 * bundle the same way: read from there so the two never drift apart.
 */
export const depotNodeFlags: readonly string[] = (readFileSync(BIN, 'utf8').split('\n')[0] ?? '')
  .split(' ')
  .filter((word) => word.startsWith('--'));
