/** A uniform random number in [0, 1). Injected so jitter is reproducible in tests. */
export type Random = {
  next(): number;
};
