// One small file's walk from the folder scan to the manifest, measured (issue 32; docs/walks.md):
//   npx tsx scripts/trace-walk.ts [--json] [--stops]
// Every function of electron/ and shared/ is instrumented as it loads (scripts/walk/instrument.ts)
// to record its entries in order; one night of one 2 kB WAV is deposited to the in-memory
// object store, and the walk's stops, folders and returns are printed.
import { existsSync, mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { register } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';
import type { HookData } from './walk/instrumentHooks';
import type { NightWalk } from './walk/NightWalk';
import { folderSequence, stopsByPhase, walkFigures } from './walk/walkFigures';
import { WalkRecorder } from './walk/WalkRecorder';
import { writeSmallWav } from './walk/smallWav';

const root = resolve(import.meta.dirname, '..');

/** The tree's way of depositing a night: the night-level API, or the command's own (a7d746d). */
const driverOf = async (): Promise<NightWalk> =>
  existsSync(join(root, 'electron/nights/depositNights.ts'))
    ? (await import('./walk/nightLevelWalk')).nightLevelWalk
    : (await import('./walk/commandWalk')).commandWalk;

const main = async (): Promise<void> => {
  const { values } = parseArgs({
    options: {
      json: { type: 'boolean', default: false },
      stops: { type: 'boolean', default: false },
    },
  });
  const data: HookData = {
    root: pathToFileURL(`${root}/`).href,
    folders: ['electron/', 'shared/'],
    // The in-memory server stands in for S3: one stop per call, its inside not walked.
    skip: ['electron/s3/MemoryObjectStore.ts', 'electron/s3/MemoryEndpoint.ts'],
  };
  register('./walk/instrumentHooks.ts', { parentURL: import.meta.url, data });
  const recorder = new WalkRecorder();
  const work = mkdtempSync(join(tmpdir(), 'depot-walk-'));
  try {
    const dir = join(work, 'night');
    mkdirSync(dir);
    writeSmallWav(dir);
    const walk = await driverOf();
    const outcome = await walk({
      root,
      dir,
      dbPath: join(work, 'depot.db'),
      bucket: 'walk',
      prefix: 'site01/2026-06-13',
      recorder,
    });
    const figures = walkFigures(recorder.entries);
    const phases = stopsByPhase(figures.stops, recorder.phases);
    const manifest = outcome.keys.some((k) => k.includes('/.depot/night-'));
    if (values.json) {
      process.stdout.write(
        `${JSON.stringify({ ...outcome, manifest, ...figures, phases, sequence: folderSequence(figures.stops) }, null, 2)}\n`,
      );
      return;
    }
    const lines = [
      `driver: ${outcome.driver}`,
      `run: ${outcome.result}; objects: ${outcome.keys.join(', ')}`,
      `entries: ${figures.entries} function entries recorded`,
      `stops: ${figures.stops.length}, folders: ${figures.folders.length}, folder changes: ${figures.crossings}, returns: ${figures.returns} (ADR 0037's count, a stop in the previous stop's folder included: ${figures.returnsWithRepeats})`,
      `stops by phase: ${phases.map((p) => `${p.phase} ${p.stops}`).join(', ')}`,
      `returns by folder: ${figures.returnsByFolder.map((r) => `${r.folder} ${r.returns}`).join(', ')}`,
      `walk: ${folderSequence(figures.stops)}`,
      ...(values.stops
        ? figures.stops.map(
            (s, i) => `${String(i + 1).padStart(4)} ${s.isReturn ? 'R' : ' '} ${s.file} ${s.fn}`,
          )
        : []),
    ];
    process.stdout.write(`${lines.join('\n')}\n`);
    if (!manifest) process.exitCode = 1;
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
};

await main();
