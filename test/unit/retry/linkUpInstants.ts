/**
 * When the route comes back in the link-up tables: [ms after the circuit opened, the random the
 * jitter draws]. Early, late, at a probe's edge and after the probes' cap.
 */
export const linkUpInstants: readonly (readonly [number, number])[] = [
  [10, 0],
  [10, 0.999],
  [523, 0.5],
  [3_700, 0],
  [42_017, 0.999],
  [180_000, 0.5],
  [180_000, 0.999],
];
