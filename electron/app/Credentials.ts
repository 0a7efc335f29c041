/** S3 credentials. Never logged, never sent to the renderer, never stored in SQLite. */
export type Credentials = { readonly accessKeyId: string; readonly secretAccessKey: string };

/** Where credentials rest between runs (safeStorage in Electron, a 0600 file for the bridge). */
export type SecretStore = SecretFile<Credentials>;

/**
 * One secret at rest, encrypted like the storage key: the S3 credentials, or a portal's sign-in
 * (ADR 0032). Never in SQLite, never logged, never sent to the renderer.
 */
export type SecretFile<T> = {
  /** How it is protected, for the diagnostic export ("safeStorage", "file-0600"). */
  readonly kind: string;
  read(): Promise<T | undefined>;
  write(secret: T): Promise<void>;
  /** Forgets it (a sign-out); optional where nothing ever removes it. */
  clear?(): Promise<void>;
};
