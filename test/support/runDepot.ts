import { spawn } from 'node:child_process';
import { join } from 'node:path';

/** The checkout's root: `bin/depot.js` is run from there, as a volunteer's `npx depot` would. */
export const repoRoot = join(import.meta.dirname, '..', '..');

export type DepotRun = {
  readonly code: number | null;
  readonly signal: NodeJS.Signals | null;
  readonly stdout: string;
  readonly stderr: string;
  /** Date.now() when the process was spawned and when it exited. */
  readonly start: number;
  readonly end: number;
};

/** What the process printed so far, for `stopWhen`. */
export type DepotOutput = { readonly stdout: string; readonly stderr: string };

export type DepotRunOptions = {
  /** The process's whole environment (default: this one's). See `depotEnv`. */
  readonly env?: NodeJS.ProcessEnv;
  /** Words the command runs through, e.g. `setpriv --reuid=...` to run it as another user. */
  readonly through?: readonly string[];
  /**
   * Polled every 20 ms: once it holds, `signal` is sent, once (a second signal is the volunteer
   * insisting, which ends the process at once). Progress observed, never a fixed time.
   */
  readonly stopWhen?: (output: DepotOutput) => boolean;
  readonly signal?: NodeJS.Signals;
  /** Runs right after the signal is sent (e.g. drop what a killed process left in a link). */
  readonly onSignal?: () => void;
  /** SIGKILL after this long: catches a hang only, far above any run's duration. */
  readonly hangMs?: number;
  /** Polled every 20 ms with the output so far: act on what the command says (a card put back). */
  readonly watch?: (output: DepotOutput) => void;
};

/**
 * `node bin/depot.js ARGS` as a real process, resolved with its exit code or signal and its
 * output. The one helper the integration tests spawn the command line through.
 */
export const runDepot = (
  args: readonly string[],
  options: DepotRunOptions = {},
): Promise<DepotRun> =>
  new Promise((resolve, reject) => {
    const start = Date.now();
    const [command, ...rest] = [
      ...(options.through ?? []),
      process.execPath,
      'bin/depot.js',
      ...args,
    ];
    const child = spawn(command ?? process.execPath, rest, {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'pipe'],
      env: options.env ?? process.env,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
    child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
    const { stopWhen, watch } = options;
    const poll =
      stopWhen === undefined && watch === undefined
        ? undefined
        : setInterval(() => {
            watch?.({ stdout, stderr });
            if (stopWhen === undefined || !stopWhen({ stdout, stderr })) return;
            clearInterval(poll);
            child.kill(options.signal ?? 'SIGTERM');
            options.onSignal?.();
          }, 20);
    const hang = setTimeout(() => child.kill('SIGKILL'), options.hangMs ?? 120_000);
    child.once('error', reject);
    child.once('exit', (code, signal) => {
      clearInterval(poll);
      clearTimeout(hang);
      resolve({ code, signal, stdout, stderr, start, end: Date.now() });
    });
  });
