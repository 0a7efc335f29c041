import type { Locale, ParticipationView } from '../../shared/ipc/views';
import { formatDateTime } from '../format/formatClock';

/** `12 juin 21:04 → 13 juin 05:56 · Z1 · 65f0…`, as the volunteer picks it. */
export const participationText = (p: ParticipationView, locale: Locale): string =>
  [
    `${formatDateTime(p.startsAt, locale)}${p.endsAt === null ? '' : ` → ${formatDateTime(p.endsAt, locale)}`}`,
    ...(p.point === null ? [] : [p.point]),
    p.id,
  ].join(' · ');
