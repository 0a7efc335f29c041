/** S3 credentials. Never logged, never sent to the renderer, never stored in SQLite. */
export type Credentials = { readonly accessKeyId: string; readonly secretAccessKey: string };

/** Where credentials rest between runs (safeStorage in Electron, a 0600 file for the bridge). */
export type SecretStore = {
  /** How they are protected, for the diagnostic export ("safeStorage", "file-0600"). */
  readonly kind: string;
  read(): Promise<Credentials | undefined>;
  write(credentials: Credentials): Promise<void>;
};
