/**
 * How far this computer's clock is from the server's, in whole minutes (hours past 90 min), and
 * which way: `behind` when the server is ahead. Pure figures: each language words them.
 */
export type SkewWords = {
  readonly direction: 'behind' | 'ahead';
  readonly unit: 'min' | 'h';
  readonly amount: number;
};

export const skewWords = (skewMs: number): SkewWords => {
  const direction = skewMs > 0 ? 'behind' : 'ahead';
  const minutes = Math.max(1, Math.round(Math.abs(skewMs) / 60_000));
  return minutes > 90
    ? { direction, unit: 'h', amount: Math.round(minutes / 60) }
    : { direction, unit: 'min', amount: minutes };
};
