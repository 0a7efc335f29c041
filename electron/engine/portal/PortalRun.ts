import type { Portal, UploadTarget } from '../../../shared/ports/Portal';

/** A declaration this run holds: the file's `_id` and the URL its bytes go to while it lives. */
export type HeldDeclaration = {
  readonly fileId: string;
  readonly upload: UploadTarget;
  /** The engine's clock (monotonic) after which the URL is not used: its expiry, less a margin. */
  readonly usableUntil: number;
};

/**
 * What a run of a portal night has beside the parts every run shares (ADR 0032): the portal, the
 * participation its files are declared in, the declarations it holds (a URL is never persisted:
 * after a stop, declaring again gives a fresh one), and the endpoints it talks to (the API, and
 * the storage each URL names: each its own budget and breaker).
 */
export type PortalRun = {
  readonly portal: Portal;
  readonly participationId: string;
  readonly declared: Map<number, HeldDeclaration>;
  readonly endpoints: Set<string>;
};

export const newPortalRun = (portal: Portal, participationId: string): PortalRun => ({
  portal,
  participationId,
  declared: new Map(),
  endpoints: new Set([portal.endpoint]),
});
