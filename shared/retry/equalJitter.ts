/**
 * Equal jitter: d = min(cap, base * 2^(n-1)), delay = d/2 + random * d/2. Half fixed so the
 * delay grows, half random so callers that failed together do not come back together.
 */
export const equalJitter = (baseMs: number, capMs: number, n: number, random01: number): number => {
  const d = Math.min(capMs, baseMs * 2 ** Math.max(0, n - 1));
  return d / 2 + random01 * (d / 2);
};

/** The interval equalJitter draws from, for checks and tests. */
export const equalJitterBounds = (
  baseMs: number,
  capMs: number,
  n: number,
): { readonly min: number; readonly max: number } => {
  const d = Math.min(capMs, baseMs * 2 ** Math.max(0, n - 1));
  return { min: d / 2, max: d };
};
