import type { LocalContent, RemoteContent } from '../wire/proveSameContent';
import { proveSameContent } from '../wire/proveSameContent';

/**
 * Whether a unit counted done is still what this run's listing of the night's prefix shows
 * (issue 30 item 1): `seen` when the listing has its key with its size and an ETag that does not
 * contradict its bytes; `missing` when the key is not listed (deleted, a bucket purged); `changed`
 * when another object took its key (another size, or an ETag that proves other bytes). A done
 * unit that is not `seen` goes back to the queue: "verified" is claimed again only once proved.
 */
export const stillOnServer = (
  local: LocalContent,
  listed: RemoteContent | undefined,
): 'seen' | 'missing' | 'changed' => {
  if (listed === undefined) return 'missing';
  return proveSameContent(local, listed).kind === 'different' ? 'changed' : 'seen';
};
