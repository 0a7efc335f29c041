import type { NightSpan } from './nightSpan';
import type { NewParticipation } from './Participation';

/** Where a night's participation stands on the portal: the site, and its point when given. */
export type ParticipationPlace = { readonly siteId: string; readonly point?: string | undefined };

/**
 * The participation to create for one night (ADR 0032): its site, the night's dates as its
 * recordings tell them, and its point; a point left empty is none (the portal then asks for it
 * on the participation's page). The app's picker and `depot deposit --site` create it alike.
 */
export const nightParticipation = (
  place: ParticipationPlace,
  span: NightSpan,
): NewParticipation => ({
  siteId: place.siteId,
  startsAt: span.startsAt,
  endsAt: span.endsAt,
  ...(place.point === undefined || place.point === '' ? {} : { point: place.point }),
});
