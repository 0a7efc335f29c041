// Writes a synthetic night of recordings: npx tsx scripts/synth-night.ts DIR --files N [--bytes 1GB] [--seed S] [--sizes realistic|small|large] [--start ISO] [--site NAME]
import { parseArgs } from 'node:util';
import { synthNight } from '../electron/field/synthNight';

const UNITS: Record<string, number> = {
  '': 1,
  b: 1,
  k: 1e3,
  kb: 1e3,
  m: 1e6,
  mb: 1e6,
  g: 1e9,
  gb: 1e9,
  kib: 2 ** 10,
  mib: 2 ** 20,
  gib: 2 ** 30,
};

const parseBytes = (text: string): number => {
  const m = /^(\d+(?:\.\d+)?)\s*([a-z]*)$/i.exec(text.trim());
  const unit = m ? UNITS[(m[2] ?? '').toLowerCase()] : undefined;
  if (!m || unit === undefined)
    throw new Error(`--bytes: cannot read "${text}" (try 1GB, 500MB, 2GiB)`);
  return Math.round(Number(m[1]) * unit);
};

const usage =
  'Usage: npx tsx scripts/synth-night.ts DIR --files N [--bytes 1GB] [--seed S] [--sizes realistic|small|large] [--start ISO] [--site NAME]';

const main = async (): Promise<number> => {
  const { values, positionals } = parseArgs({
    allowPositionals: true,
    options: {
      files: { type: 'string' },
      bytes: { type: 'string' },
      seed: { type: 'string', default: '1' },
      sizes: { type: 'string', default: 'realistic' },
      start: { type: 'string' },
      site: { type: 'string' },
    },
  });
  const files = Number(values.files);
  const sizes = values.sizes;
  const [dir] = positionals;
  if (dir === undefined || positionals.length !== 1 || !Number.isInteger(files) || files < 0) {
    process.stderr.write(usage + '\n');
    return 2;
  }
  if (sizes !== 'realistic' && sizes !== 'small' && sizes !== 'large') {
    process.stderr.write(`--sizes must be realistic, small or large\n${usage}\n`);
    return 2;
  }
  let totalBytes: number | undefined;
  try {
    totalBytes = values.bytes === undefined ? undefined : parseBytes(values.bytes);
  } catch (error) {
    process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n${usage}\n`);
    return 2;
  }
  const started = performance.now();
  const result = await synthNight(dir, {
    files,
    seed: Number(values.seed),
    sizes,
    ...(totalBytes !== undefined ? { totalBytes } : {}),
    ...(values.start !== undefined ? { start: values.start } : {}),
    ...(values.site !== undefined ? { site: values.site } : {}),
  });
  const seconds = (performance.now() - started) / 1000;
  process.stdout.write(
    `${result.files} files, ${(result.bytes / 1e6).toFixed(1)} MB in ${seconds.toFixed(1)} s (${(result.bytes / 1e6 / Math.max(seconds, 0.001)).toFixed(0)} MB/s) -> ${dir}\n`,
  );
  return 0;
};

main().then(
  (code) => (process.exitCode = code),
  (error: unknown) => {
    process.stderr.write(
      `synth-night: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    process.exitCode = 1;
  },
);
