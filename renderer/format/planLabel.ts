import type { Locale, PlanView } from '../../shared/ipc/views';
import { formatNight } from './formatNight';

/** Site · point (or a programme's fields) · night, the night spelled out in the volunteer's language. */
export const planLabel = (plan: PlanView, locale: Locale = 'fr'): string =>
  [
    // A programme's night: the values its volunteer gave (carré, passage, point...).
    ...(plan.programme === null ? [plan.site, plan.point] : Object.values(plan.programme.fields)),
    plan.night === null ? null : formatNight(plan.night, locale),
  ]
    .filter((x) => x !== null && x !== '')
    .join(' · ') ||
  plan.prefix ||
  plan.dir;
