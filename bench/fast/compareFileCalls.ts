/**
 * One small file read as the engine reads it (open, stat, one read, close), through
 * `fs/promises`' FileHandle and through the bare descriptor calls Depot uses (`fdCalls`), side by
 * side in one process, alternating: the CPU each costs per file (issue 15, ADR 0013).
 *
 *   npx tsx bench/fast/compareFileCalls.ts [--files 2000] [--rounds 3] [--work /tmp/depot-file-calls]
 */
import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { fdCalls } from '../../electron/runtime/fdCalls';

const { values } = parseArgs({
  options: {
    files: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '3' },
    work: { type: 'string', default: '/tmp/depot-file-calls' },
  },
});
const files = Number(values.files);
const dir = values.work;
mkdirSync(dir, { recursive: true });
const paths = Array.from({ length: files }, (_, i) => join(dir, `f${i}.wav`));
const body = Buffer.alloc(40_000, 7);
for (const p of paths) writeFileSync(p, body);

const viaFileHandle = async (path: string): Promise<void> => {
  const handle = await open(path, 'r');
  try {
    const info = await handle.stat({ bigint: true });
    await handle.read(Buffer.allocUnsafe(Number(info.size) + 1), 0, Number(info.size) + 1, 0);
  } finally {
    await handle.close();
  }
};

const viaDescriptor = async (path: string): Promise<void> => {
  const fd = await fdCalls.open(path);
  try {
    const info = await fdCalls.stat(fd);
    await fdCalls.read(fd, Buffer.allocUnsafe(Number(info.size) + 1), 0, Number(info.size) + 1, 0);
  } finally {
    await fdCalls.close(fd);
  }
};

/** Every file once, eight at a time (the engine's workers), warm in the page cache. */
const cpuMsOf = async (read: (path: string) => Promise<void>): Promise<number> => {
  const before = process.cpuUsage();
  let next = 0;
  await Promise.all(
    Array.from({ length: 8 }, async () => {
      while (next < paths.length) await read(paths[next++] ?? '');
    }),
  );
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000;
};

await cpuMsOf(viaDescriptor);
const figures = { fileHandle: [] as number[], descriptor: [] as number[] };
for (let round = 0; round < Number(values.rounds); round++) {
  figures.fileHandle.push(await cpuMsOf(viaFileHandle));
  figures.descriptor.push(await cpuMsOf(viaDescriptor));
}
const perFile = (ms: readonly number[]): string =>
  ms.map((m) => ((m / files) * 1000).toFixed(0)).join(' / ');
console.log(`${files} files x 40 KB, CPU us per file read (open, stat, read, close):`);
console.log(`  FileHandle: ${perFile(figures.fileHandle)}`);
console.log(`  descriptor: ${perFile(figures.descriptor)}`);
rmSync(dir, { recursive: true, force: true });
