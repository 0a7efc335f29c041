/**
 * The night's date as a volunteer types it: `13/06/2026` (day first, in French and in British
 * English alike) or ISO `2026-06-13`. The browser's own date field follows the browser's locale
 * (mm/dd/yyyy on an American system), which files a night under the wrong date: not used.
 */
export const parseNightInput = (text: string): string | null => {
  const trimmed = text.trim();
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  const dayFirst = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(trimmed);
  const [y, m, d] = iso
    ? [iso[1], iso[2], iso[3]]
    : dayFirst
      ? [dayFirst[3], dayFirst[2], dayFirst[1]]
      : [];
  if (y === undefined || m === undefined || d === undefined) return null;
  const year = Number(y);
  const month = Number(m);
  const day = Number(d);
  const at = new Date(Date.UTC(year, month - 1, day));
  // 31/02 rolls over to March in Date: refuse it instead.
  if (at.getUTCFullYear() !== year || at.getUTCMonth() !== month - 1 || at.getUTCDate() !== day) {
    return null;
  }
  return `${y}-${String(month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
};

/** `2026-06-13` as the field shows it: `13/06/2026`. */
export const formatNightInput = (iso: string): string => {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(iso);
  return match === null ? iso : `${match[3]}/${match[2]}/${match[1]}`;
};
