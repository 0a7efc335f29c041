import type { PortalTarget } from '../ports/Portal';

/**
 * Where a portal night goes (ADR 0032): the portal, and the collection its files are declared in
 * (Vigie-Chiro's participation). Part of what the night owns from its creation, as a bucket and a
 * prefix are an S3 night's: a sign-in later, or another profile, never sends it elsewhere.
 */
export type PortalNight = {
  readonly target: PortalTarget;
  readonly participationId: string;
};
