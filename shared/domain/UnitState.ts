import type { FailureCause } from './FailureCause';

/**
 * A unit (one file) as persisted. Live overlays (a retry waiting, the network gone) are reported
 * by events and shown on top of `in-progress`/`pending`, never persisted as failures.
 */
export type UnitState =
  | { readonly kind: 'pending' }
  | { readonly kind: 'in-progress' }
  /** Retry-After or an open circuit beyond the deadline: not before this epoch ms. */
  | { readonly kind: 'deferred'; readonly notBefore: number }
  /**
   * Verified on the server; `alreadyPresent` when it was there with the same SHA-256.
   * `unverifiable`: deposited (the answers to its writes say the server took it), but this key may
   * not read or list, and the server's answers prove nothing more (radosgw's empty Complete ETag,
   * a write that found its own earlier one): never counted verified (issue 29, ADR 0028).
   */
  | { readonly kind: 'done'; readonly alreadyPresent: boolean; readonly unverifiable?: true }
  | { readonly kind: 'failed'; readonly cause: FailureCause }
  /**
   * Settled by the volunteer, not deposited: another object was at its key and they chose to keep
   * the server's (issue 31). The night completes without it; its manifest names it; the card is
   * not reusable while it is only on the card.
   */
  | { readonly kind: 'left-out'; readonly reason: 'kept-server-object' };

/** What the interface shows of a unit right now (persisted state plus live overlay). */
export type UnitActivity =
  | { readonly kind: 'idle' }
  | { readonly kind: 'sending'; readonly bytesAcked: number }
  | { readonly kind: 'retry-wait'; readonly nextAttemptAt: number }
  | { readonly kind: 'waiting-network' }
  /** Its card was pulled out: it waits for the card to be back (issue 30, item 10). */
  | { readonly kind: 'waiting-card' };
