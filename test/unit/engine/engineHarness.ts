import type BetterSqlite3 from 'better-sqlite3';
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import type { LeaseHolder } from '../../../electron/engine/LeaseHolder';
import { createEngineStack } from '../../../electron/runtime/createEngineStack';
import type { DepositEngine } from '../../../electron/engine/DepositEngine';
import type { EngineEvent } from '../../../electron/engine/EngineEvent';
import type { EngineSettings } from '../../../electron/engine/EngineSettings';
import { MemoryObjectStore } from '../../../electron/s3/MemoryObjectStore';
import type { MemoryObjectStoreOptions } from '../../../electron/s3/MemoryObjectStore';
import { openDatabase } from '../../../electron/store/openDatabase';
import { PlanStore } from '../../../electron/store/PlanStore';
import type { SourceReader } from '../../../shared/ports/SourceReader';
import { RetryPolicy } from '../../../shared/retry/RetryPolicy';
import { seededRandom } from '../../../shared/random/seededRandom';
import { VirtualTime } from '../../support/VirtualTime';
import { trackedHasher } from '../../support/trackedHasher';
import { trackedSourceReader } from '../../support/trackedSourceReader';
import { contentOf } from '../../support/contentOf';

export const KiB = 1024;
export const MiB = 1024 * KiB;

export { contentOf };

export const sha256Hex = (bytes: Uint8Array): string =>
  createHash('sha256').update(bytes).digest('hex');

export type Harness = {
  readonly dir: string;
  readonly time: VirtualTime;
  readonly objects: MemoryObjectStore;
  readonly policy: RetryPolicy;
  readonly store: PlanStore;
  readonly engine: DepositEngine;
  readonly events: EngineEvent[];
  /** Every source file the engines opened (to hash or to send), relative to `dir`, in order. */
  readonly opened: readonly string[];
  /** Every path `stat` and every read of an open file the engines made, relative to `dir`. */
  readonly statted: readonly string[];
  readonly reads: readonly string[];
  writeFile(relPath: string, size: number): Buffer;
  /** A new engine over the same database and object store (a restart). */
  restart(): DepositEngine;
  /**
   * A second engine as another process opens it: its own connection to the same database file
   * (closed by `cleanup`), the same object store, policy and settings, a fixed random.
   */
  otherProcess(leaseHolder?: LeaseHolder): DepositEngine;
  cleanup(): void;
};

export const makeHarness = (
  options: {
    files?: Readonly<Record<string, number>>;
    settings?: Partial<EngineSettings>;
    memory?: MemoryObjectStoreOptions;
    seed?: number;
    /** The connection as the store gets it (a test counting its statements wraps it). */
    database?: (db: BetterSqlite3.Database) => BetterSqlite3.Database;
    /** An error `open` throws for a file (relative to the night), instead of opening it. */
    failOpen?: (relPath: string) => Error | undefined;
  } = {},
): Harness => {
  const dir = mkdtempSync(join(tmpdir(), 'depot-engine-'));
  const source = join(dir, 'night');
  mkdirSync(source);
  const time = new VirtualTime();
  const opened: string[] = [];
  const statted: string[] = [];
  const reads: string[] = [];
  const tracked = trackedSourceReader(time);
  const hasher = trackedHasher(time);
  const sourceReader: SourceReader = {
    stat: (path) => {
      statted.push(relative(source, path));
      return tracked.stat(path);
    },
    open: async (path, how) => {
      const name = relative(source, path);
      opened.push(name);
      const refused = options.failOpen?.(name);
      if (refused !== undefined) throw refused;
      const file = await tracked.open(path, how);
      return {
        ...file,
        read: (buffer, offset, length, position) => {
          reads.push(name);
          return file.read(buffer, offset, length, position);
        },
      };
    },
  };
  const random = seededRandom(options.seed ?? 7);
  const objects = new MemoryObjectStore({
    clock: time,
    sleeper: time,
    latencyMs: 20,
    bytesPerSec: 50 * MiB,
    ...options.memory,
  });
  const policy = new RetryPolicy({ clock: time, sleeper: time, random });
  const connection = openDatabase(join(dir, 'depot.db'));
  const store = new PlanStore(options.database?.(connection) ?? connection);
  const settings: Partial<EngineSettings> = {
    partSize: 5 * MiB,
    multipartThreshold: 5 * MiB,
    ...options.settings,
  };
  const events: EngineEvent[] = [];
  const otherStores: PlanStore[] = [];
  const build = (): DepositEngine => {
    const { engine } = createEngineStack({
      store,
      objectStore: objects,
      policy,
      clock: time,
      sleeper: time,
      random,
      settings,
      sourceReader,
      hasher,
    });
    engine.on((e) => events.push(e));
    return engine;
  };
  const writeFile = (relPath: string, size: number): Buffer => {
    const path = join(source, relPath);
    mkdirSync(dirname(path), { recursive: true });
    const bytes = contentOf(relPath, size);
    writeFileSync(path, bytes);
    return bytes;
  };
  for (const [relPath, size] of Object.entries(options.files ?? {})) writeFile(relPath, size);
  return {
    dir: source,
    time,
    objects,
    policy,
    store,
    engine: build(),
    events,
    opened,
    statted,
    reads,
    writeFile,
    restart: build,
    otherProcess: (leaseHolder) => {
      const own = new PlanStore(openDatabase(join(dir, 'depot.db')));
      otherStores.push(own);
      return createEngineStack({
        store: own,
        objectStore: objects,
        policy,
        clock: time,
        sleeper: time,
        random: { next: () => 0.5 },
        settings,
        sourceReader,
        hasher,
        ...(leaseHolder === undefined ? {} : { leaseHolder }),
      }).engine;
    },
    cleanup: () => {
      for (const own of otherStores.splice(0)) own.close();
      store.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};
