import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import {
  appendFileSync,
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { mkdtemp, writeFile } from 'node:fs/promises';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import { cephConf } from './cephConf';
import { freePort } from './freePort';

/** A real S3-compatible server (Ceph radosgw on a throw-away one-node cluster). */
export type S3Server = {
  readonly endpoint: string;
  readonly region: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly pids: number[];
  readonly dir: string;
  createBucket(name: string): Promise<void>;
  stop(): Promise<void>;
};

export type StartS3ServerOptions = {
  /** Address radosgw and the monitor bind to (default 127.0.0.1; a veth address with `wrap`). */
  readonly host?: string;
  /** radosgw's port (default: a free one). */
  readonly port?: number;
  /** Command prefix every ceph process is spawned through, e.g. `['ip','netns','exec','NS']`. */
  readonly wrap?: readonly string[];
  /** Cap of the in-memory object store (default 4 GiB; memory is only used as objects arrive). */
  readonly memoryBytes?: number;
  /** radosgw's `debug rgw` (cephConf); absent: Ceph's default. */
  readonly rgwDebug?: string;
  readonly log?: (line: string) => void;
};

/** Fixed test keys: they only open a server that lives for one test run on a private address. */
export const TEST_ACCESS_KEY_ID = 'DEPOTTESTACCESSKEY01';
export const TEST_SECRET_ACCESS_KEY = 'depot-test-secret-key-not-a-real-secret-0001';
export const TEST_REGION = 'us-east-1';

/**
 * Users besides the owner, for least-privilege tests (issue 29): what they may do is what a bucket
 * policy set by the owner gives them (principal `arn:aws:iam:::user/UID`); alone they own nothing.
 */
export const TEST_USERS = {
  /** A volunteer's home-folder key. */
  vol42: {
    uid: 'depot-vol42',
    accessKeyId: 'DEPOTVOL42ACCESSKEY1',
    secretAccessKey: 'depot-vol42-secret-key-not-real-0001',
  },
  /** An upload-only "drop box" key. */
  drop7: {
    uid: 'depot-drop7',
    accessKeyId: 'DEPOTDROP7ACCESSKEY1',
    secretAccessKey: 'depot-drop7-secret-key-not-real-0001',
  },
} as const;

const MON_TIMEOUT_MS = 20_000;
const OSD_TIMEOUT_MS = 60_000;
const RGW_TIMEOUT_MS = 60_000;
const COMMAND_TIMEOUT_MS = 30_000;
const STOP_GRACE_MS = 5_000;

/** Servers not stopped yet, killed synchronously if the process exits without stopping them. */
const running = new Map<string, { children: ChildProcess[]; dir: string }>();
let exitHookInstalled = false;

const installExitHook = (): void => {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.on('exit', () => {
    for (const { children, dir } of running.values()) {
      for (const child of children) signalGroup(child, 'SIGKILL');
      rmSync(dir, { recursive: true, force: true });
    }
  });
};

const signalGroup = (child: ChildProcess, signal: NodeJS.Signals): void => {
  if (child.pid === undefined || child.exitCode !== null || child.signalCode !== null) return;
  try {
    // Spawned detached: the negative PID reaches the daemon and anything its wrapper forked.
    process.kill(-child.pid, signal);
  } catch {
    try {
      child.kill(signal);
    } catch {
      // Already gone.
    }
  }
};

const exited = (child: ChildProcess): Promise<void> =>
  child.exitCode !== null || child.signalCode !== null
    ? Promise.resolve()
    : new Promise((resolve) => child.once('exit', () => resolve()));

/** True when `child` is still running after `ms`. */
const outlives = (child: ChildProcess, ms: number): Promise<boolean> => {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<boolean>((resolve) => (timer = setTimeout(() => resolve(true), ms)));
  return Promise.race([exited(child).then(() => false), late]).finally(() => clearTimeout(timer));
};

const delay = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

export const startS3Server = async (opts: StartS3ServerOptions = {}): Promise<S3Server> => {
  const host = opts.host ?? '127.0.0.1';
  const wrap = opts.wrap ?? [];
  const log = opts.log ?? (() => undefined);
  const started = Date.now();
  const dir = await mkdtemp(join(tmpdir(), 'depot-s3-'));
  for (const sub of ['run', 'log', 'mon', 'osd', 'rgw']) mkdirSync(join(dir, sub));
  const conf = join(dir, 'ceph.conf');
  const children: ChildProcess[] = [];
  running.set(dir, { children, dir });
  installExitHook();

  // If this process dies without stopping the server (SIGKILL, a runner's timeout), a detached
  // shell notices within two seconds and kills the daemons whose PIDs are listed in `pids`.
  const pidList = join(dir, 'pids');
  writeFileSync(pidList, '');
  const reaper = spawn(
    'sh',
    [
      '-c',
      'while kill -0 "$1" 2>/dev/null; do sleep 2; done; ' +
        'for p in $(cat "$2"); do kill -KILL -- "-$p" 2>/dev/null || kill -KILL "$p" 2>/dev/null; done; ' +
        'rm -rf "$3"',
      'depot-s3-reaper',
      String(process.pid),
      pidList,
      dir,
    ],
    { detached: true, stdio: 'ignore' },
  );
  reaper.unref();

  const stop = async (): Promise<void> => {
    running.delete(dir);
    if (reaper.pid !== undefined && reaper.exitCode === null) {
      try {
        process.kill(reaper.pid, 'SIGKILL');
      } catch {
        // Already gone.
      }
    }
    // Reverse start order: the OSD shuts down fast only while the monitor still answers.
    for (const child of [...children].reverse()) {
      signalGroup(child, 'SIGTERM');
      if (await outlives(child, STOP_GRACE_MS)) {
        signalGroup(child, 'SIGKILL');
        await outlives(child, STOP_GRACE_MS);
      }
    }
    rmSync(dir, { recursive: true, force: true });
  };

  const logTail = (): string => {
    const files = readdirSync(join(dir, 'log')).map((f) => join(dir, 'log', f));
    return files
      .map((file) => {
        const lines = readFileSync(file, 'utf8').trimEnd().split('\n');
        return `--- ${file} (last lines)\n${lines.slice(-15).join('\n')}`;
      })
      .join('\n');
  };

  const fail = async (what: string): Promise<never> => {
    const tail = existsSync(join(dir, 'log')) ? logTail() : '';
    await stop();
    throw new Error(`startS3Server: ${what}\n${tail}`);
  };

  /** A short-lived ceph tool, through `wrap`, bounded in time. */
  const run = (args: readonly string[], timeoutMs = COMMAND_TIMEOUT_MS): Promise<CommandResult> =>
    runCommand([...wrap, ...args], timeoutMs);

  /** A daemon in the foreground, in its own process group, so stop() reaches it by PID. */
  const daemon = (name: string, args: readonly string[]): ChildProcess => {
    const out = openSync(join(dir, 'log', `${name}.stdout.log`), 'a');
    const [command, ...rest] = [...wrap, ...args];
    const child = spawn(command ?? '', rest, { detached: true, stdio: ['ignore', out, out] });
    closeSync(out);
    children.push(child);
    if (child.pid !== undefined) appendFileSync(pidList, `${child.pid}\n`);
    child.on('error', (error) => log(`${name}: ${error.message}`));
    return child;
  };

  const deadDaemon = (): string | undefined => {
    const dead = children.find((c) => c.exitCode !== null || c.signalCode !== null);
    return dead === undefined
      ? undefined
      : `${dead.spawnargs.join(' ')} exited (${dead.exitCode ?? dead.signalCode})`;
  };

  /** Polls `check` until true, failing early if a daemon died. */
  const waitFor = async (what: string, timeoutMs: number, check: () => Promise<boolean>) => {
    const until = Date.now() + timeoutMs;
    while (Date.now() < until) {
      const dead = deadDaemon();
      if (dead !== undefined) return fail(`${dead} while waiting for ${what}`);
      if (await check()) return;
      await delay(250);
    }
    return fail(`timed out after ${timeoutMs} ms waiting for ${what}`);
  };

  try {
    const monPort = await freePort(host);
    const rgwPort = opts.port ?? (await freePort(host));
    const fsid = randomUUID();
    await writeFile(
      conf,
      cephConf({
        fsid,
        dir,
        host,
        monPort,
        rgwPort,
        memoryBytes: opts.memoryBytes ?? 4 * 1024 ** 3,
        ...(opts.rgwDebug === undefined ? {} : { rgwDebug: opts.rgwDebug }),
      }),
    );
    const c = ['-c', conf];

    // --mkfs needs a keyring even with auth disabled.
    const keyring = join(dir, 'keyring');
    const monmap = join(dir, 'monmap');
    await must(
      run([
        'ceph-authtool',
        '--create-keyring',
        keyring,
        '--gen-key',
        '-n',
        'mon.',
        '--cap',
        'mon',
        'allow *',
      ]),
      fail,
    );
    await must(
      run([
        'monmaptool',
        '--create',
        '--fsid',
        fsid,
        '--addv',
        'a',
        `[v2:${host}:${monPort}]`,
        monmap,
      ]),
      fail,
    );
    await must(
      run(['ceph-mon', ...c, '--mkfs', '-i', 'a', '--monmap', monmap, '--keyring', keyring]),
      fail,
    );
    daemon('mon.a', ['ceph-mon', ...c, '-f', '-i', 'a']);
    log(`mon started on ${host}:${monPort}`);

    await waitFor(
      'the monitor',
      MON_TIMEOUT_MS,
      async () =>
        (await run(['ceph', ...c, '--connect-timeout', '5', 'mon', 'stat'], 10_000)).code === 0,
    );
    const osdUuid = randomUUID();
    const osdNew = await must(run(['ceph', ...c, 'osd', 'new', osdUuid]), fail);
    const osdId = osdNew.stdout.trim();
    await must(run(['ceph-osd', ...c, '-i', osdId, '--mkfs', '--osd-uuid', osdUuid]), fail);
    daemon(`osd.${osdId}`, ['ceph-osd', ...c, '-f', '-i', osdId]);
    await waitFor('the OSD to be up', OSD_TIMEOUT_MS, async () => {
      const stat = await run(['ceph', ...c, 'osd', 'stat', '-f', 'json'], 10_000);
      return stat.code === 0 && /"num_up_osds":\s*1\b/.test(stat.stdout);
    });
    log(`osd.${osdId} up after ${Date.now() - started} ms`);

    daemon('client.rgw', ['radosgw', ...c, '-f', '-n', 'client.rgw']);
    const endpoint = `http://${host}:${rgwPort}`;
    await waitFor(`radosgw on ${endpoint}`, RGW_TIMEOUT_MS, () => answersHttp(endpoint));
    await must(
      run([
        'radosgw-admin',
        ...c,
        'user',
        'create',
        '--uid=depot-test',
        '--display-name=Depot tests',
        `--access-key=${TEST_ACCESS_KEY_ID}`,
        `--secret-key=${TEST_SECRET_ACCESS_KEY}`,
      ]),
      fail,
    );
    for (const user of Object.values(TEST_USERS)) {
      await must(
        run([
          'radosgw-admin',
          ...c,
          'user',
          'create',
          `--uid=${user.uid}`,
          `--display-name=${user.uid}`,
          `--access-key=${user.accessKeyId}`,
          `--secret-key=${user.secretAccessKey}`,
        ]),
        fail,
      );
    }
    log(`radosgw ready on ${endpoint} after ${Date.now() - started} ms`);

    const createBucket = async (name: string): Promise<void> => {
      const client = new S3Client({
        endpoint,
        region: TEST_REGION,
        forcePathStyle: true,
        maxAttempts: 3,
        credentials: { accessKeyId: TEST_ACCESS_KEY_ID, secretAccessKey: TEST_SECRET_ACCESS_KEY },
      });
      try {
        await client.send(new CreateBucketCommand({ Bucket: name }));
      } finally {
        client.destroy();
      }
    };

    return {
      endpoint,
      region: TEST_REGION,
      accessKeyId: TEST_ACCESS_KEY_ID,
      secretAccessKey: TEST_SECRET_ACCESS_KEY,
      pids: children.flatMap((child) => (child.pid === undefined ? [] : [child.pid])),
      dir,
      createBucket,
      stop,
    };
  } catch (error) {
    if (running.has(dir)) await stop();
    throw error;
  }
};

type CommandResult = {
  readonly argv: readonly string[];
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
};

const runCommand = (argv: readonly string[], timeoutMs: number): Promise<CommandResult> =>
  new Promise((resolve) => {
    const [command, ...args] = argv;
    const child = spawn(command ?? '', args, { stdio: ['ignore', 'pipe', 'pipe'], detached: true });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    const timer = setTimeout(() => {
      stderr += `\n(killed after ${timeoutMs} ms)`;
      if (child.pid !== undefined) {
        try {
          process.kill(-child.pid, 'SIGKILL');
        } catch {
          // Already gone.
        }
      }
    }, timeoutMs);
    child.on('error', (error) => {
      clearTimeout(timer);
      resolve({ argv, code: null, stdout, stderr: `${stderr}${error.message}` });
    });
    child.on('close', (code) => {
      clearTimeout(timer);
      resolve({ argv, code, stdout, stderr });
    });
  });

const must = async (
  pending: Promise<CommandResult>,
  fail: (what: string) => Promise<never>,
): Promise<CommandResult> => {
  const result = await pending;
  if (result.code === 0) return result;
  return fail(
    `${result.argv.join(' ')} failed (${result.code}): ${result.stderr.trim().slice(-2000)}`,
  );
};

/** Any HTTP answer means radosgw's frontend is serving. */
const answersHttp = (endpoint: string): Promise<boolean> =>
  new Promise((resolve) => {
    const req = request(`${endpoint}/`, { method: 'GET', timeout: 2_000 }, (res) => {
      res.resume();
      resolve(true);
    });
    req.on('timeout', () => req.destroy());
    req.on('error', () => resolve(false));
    req.end();
  });
