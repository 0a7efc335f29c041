import { defaultEngineSettings } from '../../electron/engine/EngineSettings';
import { depositNights } from '../../electron/nights/depositNights';
import { planNights } from '../../electron/nights/planNights';
import { prepareFolder } from '../../electron/nights/prepareFolder';
import { createEngineStack } from '../../electron/runtime/createEngineStack';
import { MemoryObjectStore } from '../../electron/s3/MemoryObjectStore';
import { openDatabase } from '../../electron/store/openDatabase';
import { PlanStore } from '../../electron/store/PlanStore';
import type { NightWalk } from './NightWalk';
import { objectStoreAt } from './objectStoreAt';
import { walkPorts } from './walkPorts';

/**
 * The night driven as `depot deposit` drives it since the night-level API (issue 32, step 3):
 * `prepareFolder` (the one scan and the pre-flight), `planNights`, `depositNights`, with the
 * command line's settings and no progress listener. The endpoint check is left out (the probe
 * answered, as it does when the network is up).
 */
export const nightLevelWalk: NightWalk = async ({ dir, dbPath, bucket, prefix, recorder }) => {
  const objects = new MemoryObjectStore({ bucket });
  const store = new PlanStore(openDatabase(dbPath));
  const { engine } = createEngineStack({
    store,
    objectStore: objectStoreAt(objects, recorder),
    ...walkPorts,
    // A 2 kB file is hashed in this thread either way (hashFile: files under one read).
    hasher: undefined,
    // One transfer at a time: the other workers' polls for a unit (none is left) are not this
    // file's walk, and how many there are depends on how long the file's open takes.
    settings: {
      concurrency: 1,
      partSize: defaultEngineSettings.partSize,
      multipartThreshold: defaultEngineSettings.partSize,
      readBack: false,
    },
  });
  const signal = new AbortController().signal;
  // The command's own reading of time and counters (its summary's), before the walk.
  const since = { at: walkPorts.clock.now(), counters: engine.counters() };
  try {
    recorder.start();
    recorder.phase('prepare');
    const folder = await prepareFolder({
      dir,
      purpose: 'deposit',
      prefix,
      skipInvalid: false,
      signal,
    });
    if (folder.kind !== 'prepared') throw new Error(`folder refused: ${folder.kind}`);
    recorder.phase('plan');
    const planned = await planNights(
      engine,
      {
        dir,
        ...(folder.scan === undefined ? {} : { scan: folder.scan }),
        bucket,
        update: false,
        hashAhead: false,
        signal,
      },
      folder.nights,
      'first',
    );
    if (planned.kind !== 'planned') throw new Error(`planning: ${planned.kind}`);
    folder.scan = undefined;
    recorder.phase('run');
    const deposits = await depositNights(engine, planned.plans, {
      signal,
      clock: walkPorts.clock,
      since,
      readBack: false,
    });
    recorder.stop();
    const last = deposits.at(-1);
    return {
      driver: 'prepareFolder -> planNights -> depositNights (electron/nights)',
      result: last?.kind === 'ran' ? last.result.kind : (last?.kind ?? 'nothing ran'),
      keys: [...objects.objects.keys()],
    };
  } finally {
    recorder.stop();
    store.close();
  }
};
