/** Site and point, or a programme's fields: what names a night's destination. */
export type CorrectionValues = {
  readonly site?: string;
  readonly point?: string;
  readonly fields: Readonly<Record<string, string>>;
};
