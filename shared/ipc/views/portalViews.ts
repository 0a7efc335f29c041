/** The volunteer's sign-in to the programme's portal (ADR 0032); the token never leaves main. */
export type PortalView = {
  readonly api: string;
  /** The page the volunteer signs in on. */
  readonly signIn: string;
  readonly signedIn: boolean;
  /** This computer's wall clock (epoch ms) at the sign-in, and 14 days after (the token's end). */
  readonly signedInAt: number | null;
  readonly expiresAt: number | null;
};

/** How "Se connecter" ended: signed in, given up, or the page is for the volunteer to open. */
export type PortalSignInOutcome =
  | { readonly kind: 'signed-in'; readonly portal: PortalView }
  | { readonly kind: 'cancelled' }
  /** No window of Depot's own (the bridge): open `signIn`, then hand the address back. */
  | { readonly kind: 'unsupported'; readonly signIn: string };

/** A participation of the volunteer's (a site, a night, a point). */
export type ParticipationView = {
  readonly id: string;
  readonly siteId: string | null;
  /** Epoch ms. */
  readonly startsAt: number;
  readonly endsAt: number | null;
  readonly point: string | null;
  /** The analysis' state on the portal (`PLANIFIE`, `EN_COURS`, `FINI`...), when one was asked. */
  readonly processing: string | null;
};

/** What the portal holds of a night's participation now, read by a request made for this view. */
export type PortalNightView = {
  readonly api: string;
  readonly participationId: string;
  /** The night's files. */
  readonly expected: number;
  /** Files the participation holds, and those of them available (finalized). */
  readonly files: number;
  readonly available: number;
  /** The night's own files the participation holds as available. */
  readonly nightAvailable: number;
  readonly analysisAt: number | null;
};
