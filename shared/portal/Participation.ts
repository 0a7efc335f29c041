/**
 * A programme's collection of a night's files as Depot shows and keeps it: Vigie-Chiro's
 * participation (a site, the night's dates, a point). Arbimon's stream would be another.
 */
export type Participation = {
  readonly id: string;
  /** Absent from `GET /sites/<id>/participations` (the site is the one asked for). */
  readonly siteId?: string;
  /** Epoch ms. */
  readonly startsAt: number;
  readonly endsAt?: number;
  readonly point?: string;
  readonly comment?: string;
  /** The processing's state (`PLANIFIE`, `EN_COURS`, `FINI`, `ERREUR`...), when one was asked. */
  readonly processing?: string;
};

/** A participation to create: the night's dates and the point (facts §2). */
export type NewParticipation = {
  readonly siteId: string;
  /** Epoch ms. */
  readonly startsAt: number;
  readonly endsAt?: number;
  readonly point?: string;
  readonly comment?: string;
};
