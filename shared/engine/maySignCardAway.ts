import type { FailureCause } from '../domain/FailureCause';

/**
 * The file-system errors a card pulled out of its reader gives (gone from under its path, an I/O
 * error on a read, a device that went away, a stale handle): for such a cause the engine looks
 * whether the whole card went before it fails the file (issue 30, item 10). A file refused for
 * permissions is not the card.
 */
const CARD_ERRNO = new Set(['EIO', 'ENODEV', 'ENXIO', 'ESTALE', 'ENOTCONN', 'ENOMEDIUM']);

export const maySignCardAway = (cause: FailureCause): boolean =>
  cause.kind === 'source-missing' ||
  (cause.kind === 'source-unreadable' && CARD_ERRNO.has(cause.detail));
