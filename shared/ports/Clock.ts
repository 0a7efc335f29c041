/** Wall-clock time in epoch milliseconds. Injected so tests control time. */
export type Clock = {
  now(): number;
};
