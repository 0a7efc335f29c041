/**
 * The volunteer's sign-in to a programme's portal (ADR 0032): the token its sign-in handed over,
 * for which API, and when (this computer's wall clock). Encrypted at rest like the storage key,
 * never logged, never sent to the renderer.
 */
export type PortalSession = {
  readonly api: string;
  readonly token: string;
  readonly signedInAt: number;
};

/** Vigie-Chiro's `TOKEN_EXPIRE_TIME` (facts §1): a token lasts 14 days from the sign-in. */
export const PORTAL_TOKEN_LIFETIME_MS = 14 * 24 * 3600 * 1000;

/** A stored session, or undefined when the JSON is not one (a damaged file reads as signed out). */
export const portalSessionOf = (json: unknown): PortalSession | undefined => {
  const s = json as Partial<PortalSession> | null;
  if (typeof s?.api !== 'string' || typeof s.token !== 'string' || typeof s.signedInAt !== 'number')
    return undefined;
  return { api: s.api, token: s.token, signedInAt: s.signedInAt };
};
