/** Where and how a tool deposits one night in the lab. */
export type ToolContext = {
  readonly endpoint: string;
  readonly region: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly bucket: string;
  /** Ends with "/"; objects are expected at prefix + the file's path relative to the night. */
  readonly prefix: string;
  readonly nightDir: string;
  /** A private folder for the tool's config, state and logs (no ~/.config pollution). */
  readonly stateDir: string;
};

/** One tool under test: how to run it, and what its exit codes mean. */
export type Tool = {
  readonly name: 'depot' | 'rclone' | 'aws-cli';
  readonly version: string;
  /** Settings that bound its re-sends: bytes per part and parts in flight at once. */
  readonly partBytes: number;
  readonly partsInFlight: number;
  readonly settings: string;
  command(ctx: ToolContext): { readonly argv: string[]; readonly env: Record<string, string> };
  /** True when the run finished its job (exit 0); anything else calls for a rerun. */
  succeeded(exitCode: number | null): boolean;
};
