import type { FleetWindow } from './fleetFigures';

export type PlotSeries = { readonly name: string; readonly received: readonly number[] };

const BLOCKS = ' ▁▂▃▄▅▆▇█';

/** Means over `binS`-second bins, so a plot stays readable over hours. */
const binned = (xs: readonly number[], binS: number, length: number): number[] =>
  Array.from({ length: Math.ceil(length / binS) }, (_, b) => {
    let s = 0;
    for (let i = b * binS; i < Math.min((b + 1) * binS, length); i++) s += xs[i] ?? 0;
    return s / binS;
  });

/**
 * Requests received per second over time, one line per variant, as text: one character per
 * minute (mean), full block = capacity, `^` where the minute went above it.
 */
export const renderFleetText = (series: readonly PlotSeries[], w: FleetWindow): string => {
  const length = Math.max(...series.map((s) => s.received.length));
  const width = Math.max(...series.map((s) => s.name.length));
  const axis = Array.from({ length: Math.ceil(length / 60) }, (_, m) =>
    m * 60 >= w.outageStartS && m * 60 < w.outageEndS ? 'x' : m % 10 === 0 ? '|' : ' ',
  ).join('');
  const lines = series.map((s) => {
    const bars = binned(s.received, 60, length)
      .map((v) =>
        v > w.capacityPerS ? '^' : BLOCKS[Math.min(8, Math.round((v / w.capacityPerS) * 8))],
      )
      .join('');
    return `${s.name.padEnd(width)} ${bars}`;
  });
  return [
    `requests received per second, one character per minute, full block = capacity ${w.capacityPerS}/s, ^ above it`,
    `${''.padEnd(width)} ${axis}  (x: outage, | every 10 min)`,
    ...lines,
  ].join('\n');
};

const COLOURS = ['#1b6ca8', '#d1495b', '#edae49', '#00798c', '#30343f', '#8d99ae'];

/** The same as SVG: 10-second means and the 1-second peaks, capacity and the outage marked. */
export const renderFleetSvg = (
  series: readonly PlotSeries[],
  w: FleetWindow,
  title: string,
): string => {
  const length = Math.max(...series.map((s) => s.received.length));
  const W = 1200;
  const H = 170;
  const left = 60;
  const top = 30;
  const panel = H + 40;
  const peak = Math.max(
    w.capacityPerS * 1.2,
    ...series.map((s) => Math.max(...binned(s.received, 10, length))),
  );
  const x = (sec: number): number => left + (sec / length) * (W - left - 20);
  const y = (v: number): number => top + H - (Math.min(v, peak) / peak) * H;
  const parts: string[] = [];
  series.forEach((s, i) => {
    const dy = i * panel;
    const means = binned(s.received, 10, length);
    const path = means
      .map((v, b) => `${b === 0 ? 'M' : 'L'}${x(b * 10).toFixed(1)},${(y(v) + dy).toFixed(1)}`)
      .join(' ');
    parts.push(
      `<rect x="${x(w.outageStartS).toFixed(1)}" y="${top + dy}" width="${(x(w.outageEndS) - x(w.outageStartS)).toFixed(1)}" height="${H}" fill="#eee"/>`,
      `<line x1="${left}" x2="${W - 20}" y1="${(y(w.capacityPerS) + dy).toFixed(1)}" y2="${(y(w.capacityPerS) + dy).toFixed(1)}" stroke="#d1495b" stroke-dasharray="4 3"/>`,
      `<path d="${path}" fill="none" stroke="${COLOURS[i % COLOURS.length]}" stroke-width="1.2"/>`,
      `<text x="${left}" y="${top + dy - 6}" font-size="13" font-family="sans-serif">${s.name}: requests received per second (10 s means), capacity ${w.capacityPerS}/s dashed, outage shaded</text>`,
      `<text x="${left - 6}" y="${(y(0) + dy).toFixed(1)}" font-size="10" text-anchor="end" font-family="sans-serif">0</text>`,
      `<text x="${left - 6}" y="${(y(w.capacityPerS) + dy + 4).toFixed(1)}" font-size="10" text-anchor="end" font-family="sans-serif">${w.capacityPerS}</text>`,
    );
    for (let m = 0; m * 60 <= length; m += 30) {
      parts.push(
        `<text x="${x(m * 60).toFixed(1)}" y="${top + H + dy + 14}" font-size="10" text-anchor="middle" font-family="sans-serif">${m} min</text>`,
      );
    }
  });
  const height = top + series.length * panel;
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${height}" viewBox="0 0 ${W} ${height}">\n<title>${title}</title>\n<rect width="100%" height="100%" fill="white"/>\n${parts.join('\n')}\n</svg>\n`;
};
