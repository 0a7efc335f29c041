export type CountersView = {
  readonly firstAttempts: number;
  readonly retriesGranted: number;
  readonly retriesRefused: Readonly<Record<string, number>>;
  readonly circuit: 'closed' | 'open-offline' | 'open-server' | 'half-open';
  readonly extra: Readonly<Record<string, number>>;
};

export type JournalEntryView = {
  readonly at: number;
  readonly operation: string;
  readonly outcome: string;
  readonly attempt: number | null;
  readonly delayMs: number | null;
  /** The night (plan) the line is about, when it is about one; the screen words it. */
  readonly planId: number | null;
};

export type DiagnosticsExport = { readonly fileName: string; readonly json: string };
