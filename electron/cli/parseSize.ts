const UNITS: Readonly<Record<string, number>> = {
  '': 1,
  b: 1,
  k: 1024,
  ki: 1024,
  kib: 1024,
  kb: 1000,
  m: 1024 ** 2,
  mi: 1024 ** 2,
  mib: 1024 ** 2,
  mb: 1000 ** 2,
  g: 1024 ** 3,
  gi: 1024 ** 3,
  gib: 1024 ** 3,
  gb: 1000 ** 3,
};

/**
 * A size or rate as people type it: `8MiB`, `8M` (= MiB, as rclone), `10MB` (decimal), `512k`,
 * `1.5G`, a plain number of bytes; a trailing `/s` is allowed for rates. Undefined when unreadable.
 */
export const parseSize = (text: string): number | undefined => {
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*(?:\/s)?\s*$/i.exec(text);
  if (match === null) return undefined;
  const factor = UNITS[(match[2] ?? '').toLowerCase()];
  if (factor === undefined) return undefined;
  const value = Math.round(Number(match[1]) * factor);
  return Number.isFinite(value) && value > 0 ? value : undefined;
};

export const formatBytes = (bytes: number): string => {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KiB', 'MiB', 'GiB', 'TiB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${value.toFixed(value < 10 ? 2 : 1)} ${units[unit]}`;
};
