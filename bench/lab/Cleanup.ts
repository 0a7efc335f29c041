import { spawnSync } from 'node:child_process';

/**
 * Undo actions for everything the bench creates (namespaces, veth, nft tables, processes by PID).
 * Actions are synchronous so they also run from a signal handler or an exit hook; they run once,
 * newest first, and a failing one never stops the others.
 */
export type Cleanup = {
  /** Registers an undo action; returns a function that runs it now (and unregisters it). */
  add(label: string, action: () => void): () => void;
  runAll(): void;
};

export const createCleanup = (log: (line: string) => void): Cleanup => {
  const actions: { label: string; action: () => void }[] = [];
  const runOne = (entry: { label: string; action: () => void }): void => {
    const index = actions.indexOf(entry);
    if (index < 0) return;
    actions.splice(index, 1);
    try {
      entry.action();
    } catch (error) {
      log(`cleanup ${entry.label}: ${error instanceof Error ? error.message : String(error)}`);
    }
  };
  const runAll = (): void => {
    while (actions.length > 0) {
      const last = actions[actions.length - 1];
      if (last !== undefined) runOne(last);
    }
  };
  let exiting = false;
  const onSignal = (signal: NodeJS.Signals): void => {
    if (exiting) return;
    exiting = true;
    log(`${signal}: cleaning up`);
    runAll();
    process.exit(signal === 'SIGINT' ? 130 : 143);
  };
  process.on('SIGINT', onSignal);
  process.on('SIGTERM', onSignal);
  process.on('exit', runAll);
  return {
    add(label, action) {
      const entry = { label, action };
      actions.push(entry);
      return () => runOne(entry);
    },
    runAll,
  };
};

/** Runs a command synchronously; throws with its stderr when it fails (unless `allowFail`). */
export const sh = (argv: readonly string[], opts: { allowFail?: boolean; input?: string } = {}) => {
  const [command, ...args] = argv;
  const result = spawnSync(command ?? '', args, {
    encoding: 'utf8',
    input: opts.input,
    timeout: 30_000,
  });
  if ((result.status !== 0 || result.error !== undefined) && opts.allowFail !== true) {
    throw new Error(
      `${argv.join(' ')} failed (${result.status ?? result.error?.message}): ${result.stderr}`,
    );
  }
  return result.stdout ?? '';
};

/** Kills a process group we spawned (detached), by its leader's PID; silent if it is gone. */
export const killGroup = (pid: number | undefined, signal: NodeJS.Signals = 'SIGKILL'): void => {
  if (pid === undefined) return;
  try {
    process.kill(-pid, signal);
  } catch {
    // Already gone.
  }
};
