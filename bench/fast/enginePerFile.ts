/**
 * The engine and its SQLite store alone on many small files (issue 15): the CPU of one deposit
 * into the memory object store on virtual time (no SDK, no socket, no radosgw), a real WAL
 * database on disk as `depot deposit` opens it. What the store's commits and statements cost per
 * file shows here far above the noise that hides it in a whole deposit on a loaded machine.
 * Bundle it from each tree to compare (esbuild, better-sqlite3 external), then run in turn:
 *
 *   node dist/variants/a/enginePerFile.mjs --files 2000 --work /tmp/epf
 *
 * Prints one JSON line: files, CPU seconds (user + system) of the deposit, commits per file not
 * counted (see test/unit/engine/storePerFile.test.ts for those).
 */
import { mkdirSync, rmSync, writeFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { createEngineStack } from '../../electron/runtime/createEngineStack';
import { MemoryObjectStore } from '../../electron/s3/MemoryObjectStore';
import { openDatabase } from '../../electron/store/openDatabase';
import { PlanStore } from '../../electron/store/PlanStore';
import { RetryPolicy } from '../../shared/retry/RetryPolicy';
import { seededRandom } from '../../shared/random/seededRandom';
import { VirtualTime } from '../../test/support/VirtualTime';

const { values } = parseArgs({
  options: {
    files: { type: 'string', default: '2000' },
    size: { type: 'string', default: '40000' },
    work: { type: 'string', default: '/tmp/depot-engine-per-file' },
  },
});
const files = Number(values.files);
const size = Number(values.size);
const source = join(values.work, `night-${files}x${size}`);
if (!existsSync(join(source, 'done'))) {
  mkdirSync(source, { recursive: true });
  for (let i = 0; i < files; i += 1) {
    const bytes = Buffer.alloc(size, i % 251);
    bytes.writeUInt32LE(i, 0);
    writeFileSync(join(source, `f${String(i).padStart(6, '0')}.wav`), bytes);
  }
  writeFileSync(join(source, 'done'), '');
}
const dbFile = join(values.work, `run-${process.pid}.db`);
const time = new VirtualTime();
const random = seededRandom(7);
const store = new PlanStore(openDatabase(dbFile));
const { engine } = createEngineStack({
  store,
  objectStore: new MemoryObjectStore({ clock: time, sleeper: time, latencyMs: 1 }),
  policy: new RetryPolicy({ clock: time, sleeper: time, random }),
  clock: time,
  sleeper: time,
  random,
});
try {
  const plan = await engine.planFolder({ dir: source, bucket: 'b', prefix: 'p', hashAhead: false });
  const before = process.cpuUsage();
  const result = await time.drive(engine.run(plan.id));
  const cpu = process.cpuUsage(before);
  if (result.kind !== 'completed') throw new Error(`not completed: ${JSON.stringify(result)}`);
  process.stdout.write(
    `${JSON.stringify({ files, cpuS: (cpu.user + cpu.system) / 1e6, userS: cpu.user / 1e6, systemS: cpu.system / 1e6 })}\n`,
  );
} finally {
  store.close();
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${dbFile}${suffix}`, { force: true });
}
