import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { NightWalk } from './NightWalk';
import { objectStoreAt } from './objectStoreAt';
import { walkPorts } from './walkPorts';

/** What the walk uses of a tree before the night-level API (a7d746d), typed here. */
type Night = {
  readonly prefix: string;
  readonly include: readonly string[];
  readonly metadata: unknown;
  readonly names?: unknown;
};
type Folder = { scan: unknown; readonly nights: readonly Night[] };
type Engine = {
  planFolder(input: Record<string, unknown>): Promise<{ readonly id: number }>;
  run(planId: number, options: { signal?: AbortSignal }): Promise<{ readonly kind: string }>;
  on(listener: (event: { readonly type: string }) => void): () => void;
};
type OldModules = {
  readonly readFolder: (
    dir: string,
    v: { readonly prefix: string; readonly 'skip-invalid': boolean },
    programme: undefined,
    io: unknown,
    usageError: (message: string) => number,
  ) => Promise<Folder | number>;
  readonly createEngineStack: (wiring: Record<string, unknown>) => { readonly engine: Engine };
  readonly MemoryObjectStore: new (options: { readonly bucket: string }) => {
    readonly objects: ReadonlyMap<string, unknown>;
  };
  readonly PlanStore: new (db: unknown) => { close(): void };
  readonly openDatabase: (path: string) => unknown;
  readonly partSize: number;
};

/** The tree's modules, by the paths they had then (not resolvable by today's typecheck). */
const oldModules = async (root: string): Promise<OldModules> => {
  const at = async (path: string): Promise<Record<string, unknown>> =>
    (await import(pathToFileURL(join(root, path)).href)) as Record<string, unknown>;
  const settings = await at('electron/engine/EngineSettings.ts');
  return {
    readFolder: (await at('electron/cli/readFolder.ts')).readFolder,
    createEngineStack: (await at('electron/engine/createEngineStack.ts')).createEngineStack,
    MemoryObjectStore: (await at('electron/s3/MemoryObjectStore.ts')).MemoryObjectStore,
    PlanStore: (await at('electron/store/PlanStore.ts')).PlanStore,
    openDatabase: (await at('electron/store/openDatabase.ts')).openDatabase,
    partSize: (settings.defaultEngineSettings as { readonly partSize: number }).partSize,
  } as OldModules;
};

/**
 * The night driven as `depot deposit` drove it before the night-level API (a7d746d): the
 * command's `readFolder` (the one scan and the pre-flight, in electron/cli), then for the night
 * `engine.planFolder` and `engine.run` with the command's `night-checked` listener, as
 * `depositCommand.run` called them; the command's own lines (this driver, as the night-level
 * driver is for today's tree) are not walked.
 */
export const commandWalk: NightWalk = async ({ root, dir, dbPath, bucket, prefix, recorder }) => {
  const m = await oldModules(root);
  const objects = new m.MemoryObjectStore({ bucket });
  const store = new m.PlanStore(m.openDatabase(dbPath));
  const { engine } = m.createEngineStack({
    store,
    objectStore: objectStoreAt(objects, recorder),
    ...walkPorts,
    hasher: undefined,
    settings: {
      concurrency: 1,
      partSize: m.partSize,
      multipartThreshold: m.partSize,
      readBack: false,
    },
  });
  const signal = new AbortController().signal;
  const io = { stdout: process.stdout, stderr: process.stderr, env: {}, signal };
  try {
    recorder.start();
    recorder.phase('prepare');
    const folder = await m.readFolder(
      dir,
      { prefix, 'skip-invalid': false },
      undefined,
      io,
      () => 2,
    );
    if (typeof folder === 'number') throw new Error(`folder refused: exit ${folder}`);
    const night = folder.nights[0];
    if (folder.nights.length !== 1 || night === undefined) throw new Error('not one night');
    recorder.phase('plan');
    const plan = await engine.planFolder({
      dir,
      scan: folder.scan,
      bucket,
      prefix: night.prefix,
      include: night.include,
      metadata: night.metadata,
      ...(night.names === undefined ? {} : { names: night.names }),
      update: false,
      hashAhead: false,
      signal,
    });
    folder.scan = undefined;
    recorder.phase('run');
    const off = engine.on(() => undefined);
    const result = await engine.run(plan.id, { signal }).finally(off);
    recorder.stop();
    return {
      driver: "electron/cli/readFolder, engine.planFolder, engine.run (depositCommand.run's calls)",
      result: result.kind,
      keys: [...objects.objects.keys()],
    };
  } finally {
    recorder.stop();
    store.close();
  }
};
