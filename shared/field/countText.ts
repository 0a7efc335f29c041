/** A count as the volunteer's language writes it (`12 345` in French, `12,345` in English). */
export const countText = (n: number, locale: 'fr' | 'en'): string =>
  n.toLocaleString(locale === 'fr' ? 'fr-FR' : 'en-GB');
