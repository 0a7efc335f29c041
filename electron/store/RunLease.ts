/** The process depositing a plan: it renews `heartbeatAt` while it runs and deletes the row on stop. */
export type RunLease = {
  readonly planId: number;
  readonly pid: number;
  readonly host: string;
  /** Tells apart two engines of one process (and a pid reused after a restart). */
  readonly token: string;
  readonly takenAt: number;
  readonly heartbeatAt: number;
};

export type LeaseRequest = {
  readonly planId: number;
  readonly pid: number;
  readonly host: string;
  readonly token: string;
  readonly now: number;
  /** A heartbeat older than this means the holder is gone (crashed elsewhere, or asleep). */
  readonly staleMs: number;
  /** Whether a pid on this host is alive: a dead holder on the same host is taken over at once. */
  readonly isAlive: (pid: number) => boolean;
};

export type LeaseAnswer =
  | { readonly kind: 'taken'; readonly tookOver?: RunLease }
  | { readonly kind: 'held'; readonly by: RunLease };
