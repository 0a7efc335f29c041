/** One `depot` subcommand. `run` returns the process exit code (see README: 0, 1, 2, 3, 4). */
export type Command = {
  readonly name: string;
  readonly summary: string;
  run(argv: readonly string[], io: CommandIo): Promise<number>;
};

export type CommandIo = {
  readonly stdout: NodeJS.WritableStream & { isTTY?: boolean; columns?: number };
  readonly stderr: NodeJS.WritableStream;
  readonly env: NodeJS.ProcessEnv;
  /** Aborted on SIGINT, SIGTERM and SIGHUP: commands stop cleanly and stay resumable (exit 4). */
  readonly signal: AbortSignal;
};
