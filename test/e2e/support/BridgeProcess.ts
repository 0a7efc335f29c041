import { spawn } from 'node:child_process';
import type { ChildProcess } from 'node:child_process';
import { createInterface } from 'node:readline';

export type BridgeProcess = {
  readonly url: string;
  readonly port: number;
  readonly pid: number;
  /** SIGKILL: the backend dies mid-work, as on a crash or a power cut. */
  kill(): Promise<void>;
  /** SIGTERM: the clean, resumable stop. */
  stop(): Promise<void>;
  /** What the process wrote on stderr (for failure messages). */
  stderr(): string;
};

const exited = (child: ChildProcess): Promise<void> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));

/**
 * The real backend (engine, SQLite file, S3 adapter) behind the bridge, in its own process so a
 * test can kill it. A restart passes the same port and token: the open page reconnects by itself.
 */
export const startBridgeProcess = async (options: {
  readonly dataDir: string;
  readonly staticDir: string;
  readonly token: string;
  readonly port?: number;
}): Promise<BridgeProcess> => {
  const child = spawn(
    process.execPath,
    [
      '--import',
      'tsx',
      'electron/bridge/runBridge.ts',
      '--json',
      '--data',
      options.dataDir,
      '--static',
      options.staticDir,
      '--port',
      String(options.port ?? 0),
      '--token',
      options.token,
    ],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-20_000);
  });
  const pid = child.pid;
  if (pid === undefined) throw new Error('bridge did not start');
  const lines = createInterface({ input: child.stdout });
  const ready = await new Promise<{ url: string; port: number }>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new Error(`bridge not ready in 60 s:\n${stderr}`)),
      60_000,
    );
    lines.once('line', (line) => {
      clearTimeout(timer);
      resolve(JSON.parse(line) as { url: string; port: number });
    });
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`bridge exited (${code}) before ready:\n${stderr}`));
    });
  });
  const signal = async (name: NodeJS.Signals): Promise<void> => {
    const gone = exited(child);
    if (child.exitCode === null && child.signalCode === null) process.kill(pid, name);
    await gone;
  };
  return {
    ...ready,
    pid,
    kill: () => signal('SIGKILL'),
    stop: async () => {
      const gone = exited(child);
      const timer = setTimeout(() => {
        if (child.exitCode === null && child.signalCode === null) process.kill(pid, 'SIGKILL');
      }, 15_000);
      await signal('SIGTERM');
      await gone;
      clearTimeout(timer);
    },
    stderr: () => stderr,
  };
};
