/** The distinct values, the most frequent first (ties in first-seen order). */
export const mostFrequent = <T>(values: readonly T[]): T[] => {
  const counts = new Map<T, number>();
  for (const v of values) counts.set(v, (counts.get(v) ?? 0) + 1);
  return [...counts.entries()].sort((a, b) => b[1] - a[1]).map(([v]) => v);
};
