/**
 * Dates on the Vigie-Chiro API. Sent: RFC 1123 (`DATE_FORMAT = '%a, %d %b %Y %H:%M:%S GMT'`), as
 * the front sends `toGMTString()`. Received: Python's `isoformat()`, with `+00:00` when read back
 * from the database and without an offset just after an insert (reading); both are UTC.
 */
export const toPortalDate = (epochMs: number): string => new Date(epochMs).toUTCString();

export const fromPortalDate = (text: string): number | undefined => {
  const m = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(\.\d+)?(Z|[+-]\d{2}:\d{2})?$/.exec(text);
  if (m === null) return undefined;
  const fraction = m[2] === undefined ? '' : m[2].slice(0, 4);
  const ms = Date.parse(`${m[1] ?? ''}${fraction}${m[3] ?? 'Z'}`);
  return Number.isNaN(ms) ? undefined : ms;
};
