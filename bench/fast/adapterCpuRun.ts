/**
 * One run of bench/fast/adapterCpu.ts: the S3 adapter of the source tree ADAPTER_TREE sends
 * ADAPTER_REQUESTS PutObjects; prints the CPU seconds of the calls alone as one JSON line.
 */
import { createHash, randomBytes } from 'node:crypto';
import { join } from 'node:path';
import type { ObjectStore } from '../../shared/ports/ObjectStore';

const env = (name: string): string => {
  const value = process.env[name];
  if (value === undefined) throw new Error(`${name} missing`);
  return value;
};
const tree = env('ADAPTER_TREE');
const { S3ObjectStore } = (await import(join(tree, 'electron/s3/S3ObjectStore.ts'))) as {
  S3ObjectStore: new (options: unknown) => ObjectStore & { destroy(): void };
};
const store = new S3ObjectStore({
  endpoint: env('ADAPTER_ENDPOINT'),
  region: env('ADAPTER_REGION'),
  bucket: env('ADAPTER_BUCKET'),
  forcePathStyle: true,
  credentials: { accessKeyId: env('ADAPTER_KEY_ID'), secretAccessKey: env('ADAPTER_SECRET') },
});
const requests = Number(env('ADAPTER_REQUESTS'));
const bytes = randomBytes(Number(env('ADAPTER_SIZE')));
const md5Base64 = createHash('md5').update(bytes).digest('base64');
const put = (i: number) =>
  store.putObject(
    {
      key: `night/f${String(i).padStart(5, '0')}.wav`,
      body: { kind: 'bytes', bytes },
      md5Base64,
      metadata: { sha256: 'x' },
      ifNoneMatch: true,
    },
    { deadline: Date.now() + 60_000 },
  );
// One warm-up call outside the measure: the first call loads and resolves what the others reuse.
await put(-1);
let next = 0;
let failed = 0;
const startCpu = process.cpuUsage();
const startWall = performance.now();
await Promise.all(
  Array.from({ length: Number(env('ADAPTER_CONCURRENCY')) }, async () => {
    while (next < requests) {
      const outcome = await put(next++);
      if (outcome.kind !== 'success') failed += 1;
    }
  }),
);
const cpu = process.cpuUsage(startCpu);
const wallS = (performance.now() - startWall) / 1000;
store.destroy();
process.stdout.write(`${JSON.stringify({ cpuS: (cpu.user + cpu.system) / 1e6, wallS, failed })}\n`);
