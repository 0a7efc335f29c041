/** What a source file is now: its size and modification time, as the planner recorded them. */
export type SourceStat = {
  readonly size: number;
  /** As the file system's stat gives it (a float): the planner stored the same. */
  readonly mtimeMs: number;
};

/** An open file's size and modification time, also to the nanosecond (rclone compares it exactly). */
export type SourceFileStat = SourceStat & { readonly mtimeNs: bigint };

/** One source file opened read-only: the engine reads byte ranges, never writes. */
export type SourceFile = {
  /** What the open file is: `mtimeMs` the same float as `SourceReader.stat` gives. */
  stat(): Promise<SourceFileStat>;
  /** Reads up to `length` bytes at `position` into `buffer` from `offset`; 0 at the file's end. */
  read(buffer: Uint8Array, offset: number, length: number, position: number): Promise<number>;
  close(): Promise<void>;
};

/**
 * How the engine reads the recordings it deposits (issue 13): injected so that a test's virtual
 * clock knows when a read is in flight and never moves while one is. Errors are the file system's
 * (an `code` such as ENOENT), which the engine turns into a unit's cause.
 */
export type SourceReader = {
  stat(path: string): Promise<SourceStat>;
  /**
   * `cached`: the caller expects the bytes in memory (a small file the pre-flight read whole): a
   * reader may then read them without leaving the calling thread.
   */
  open(path: string, how?: OpenHow): Promise<SourceFile>;
};

export type OpenHow = { readonly cached?: boolean };
