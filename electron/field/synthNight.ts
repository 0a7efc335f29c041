import { createCipheriv, createHash } from 'node:crypto';
import { mkdir, open, utimes } from 'node:fs/promises';
import { join } from 'node:path';
import {
  concatBytes,
  dataChunkHeader,
  fmtChunk,
  guanoChunk,
  riffHeader,
} from '../../shared/field/riffBytes';
import { seededRandom } from '../../shared/random/seededRandom';

export type SynthNightOptions = {
  readonly files: number;
  /** Approximate total size of the night; sizes keep their spread and are scaled to it. */
  readonly totalBytes?: number;
  readonly seed: number;
  readonly sizes?: 'realistic' | 'small' | 'large';
  /** First recording, ISO 8601 with its UTC offset (default 2026-06-12T21:00:00+02:00). */
  readonly start?: string;
  /** File-name prefix (default SITE01). */
  readonly site?: string;
};

const FORMAT = { sampleRate: 384_000, channels: 1, bitsPerSample: 16 } as const;
const BYTES_PER_SECOND = FORMAT.sampleRate * 2;
const NIGHT_SPAN_MS = 9 * 3600_000;
const CHUNK = 1 << 20;
const MIN_DATA = 768;
const MB = 1_000_000;
const WRITERS = 4;
/** Shared and never written: AES-CTR of zeros is the keystream itself. */
const ZEROS = Buffer.alloc(CHUNK);

const pad = (n: number, width = 2): string => String(n).padStart(width, '0');

/** Splits an ISO timestamp with offset into its instant and its offset in minutes. */
const parseStart = (iso: string): { instant: number; offsetMin: number } => {
  const m = /(Z|([+-])(\d{2}):?(\d{2}))$/.exec(iso);
  const instant = Date.parse(iso);
  if (!m || Number.isNaN(instant))
    throw new RangeError(`synthNight: start must be ISO 8601 with an offset, got "${iso}"`);
  // Groups 2-4 are there together, or not at all ("Z").
  const [, , sign, hours, minutes] = m;
  const offsetMin =
    sign === undefined || hours === undefined || minutes === undefined
      ? 0
      : (sign === '-' ? -1 : 1) * (+hours * 60 + +minutes);
  return { instant, offsetMin };
};

const wallParts = (instant: number, offsetMin: number) => {
  const d = new Date(instant + offsetMin * 60_000);
  return {
    date: `${d.getUTCFullYear()}${pad(d.getUTCMonth() + 1)}${pad(d.getUTCDate())}`,
    time: `${pad(d.getUTCHours())}${pad(d.getUTCMinutes())}${pad(d.getUTCSeconds())}`,
    iso: `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}T${pad(d.getUTCHours())}:${pad(d.getUTCMinutes())}:${pad(d.getUTCSeconds())}`,
  };
};

const offsetText = (offsetMin: number): string =>
  offsetMin === 0
    ? 'Z'
    : `${offsetMin < 0 ? '-' : '+'}${pad(Math.floor(Math.abs(offsetMin) / 60))}:${pad(Math.abs(offsetMin) % 60)}`;

/** One recording's size as the synthetic night draws it (also the fleet simulation's nights). */
export const drawSize = (kind: 'realistic' | 'small' | 'large', rand: () => number): number => {
  const between = (lo: number, hi: number): number => lo + rand() * (hi - lo);
  if (kind === 'small') return between(20_000, 200_000);
  if (kind === 'large') return between(20 * MB, 60 * MB);
  // A night of a bat detector: mostly short triggered recordings, a few long ones (insects, rain).
  return rand() < 0.85 ? between(1 * MB, 5 * MB) : between(20 * MB, 60 * MB);
};

/** Incompressible, seed-determined bytes, fast: the AES-CTR keystream of a per-file key. */
const noiseStream = (seed: number, index: number) => {
  const material = createHash('sha256').update(`depot-synth-night:${seed}:${index}`).digest();
  const cipher = createCipheriv('aes-128-ctr', material.subarray(0, 16), material.subarray(16, 32));
  return (length: number): Buffer => cipher.update(ZEROS.subarray(0, length));
};

/** A night drawn from its seed: every file's size and start, before any byte is written. */
type DrawnNight = {
  readonly startAt: number;
  readonly offsetMin: number;
  readonly site: string;
  readonly serial: string;
  readonly raw: readonly number[];
  readonly scale: number;
  readonly offsets: readonly number[];
};

/** Sizes and times, drawn in one order (the serial, the sizes, the starts): same seed, same night. */
const drawNight = (opts: SynthNightOptions): DrawnNight => {
  const rand = seededRandom(opts.seed);
  const { instant: startAt, offsetMin } = parseStart(opts.start ?? '2026-06-12T21:00:00+02:00');
  const site = opts.site ?? 'SITE01';
  const serial = Math.floor(rand() * 0xffffffff)
    .toString(16)
    .toUpperCase()
    .padStart(8, '0');

  const raw = Array.from({ length: opts.files }, () => drawSize(opts.sizes ?? 'realistic', rand));
  const rawTotal = raw.reduce((a, b) => a + b, 0);
  const scale = opts.totalBytes !== undefined && rawTotal > 0 ? opts.totalBytes / rawTotal : 1;
  const offsets: number[] = [];
  // Names carry the second: keep start times strictly increasing so every name is unique.
  for (const drawn of Array.from({ length: opts.files }, () => Math.floor(rand() * NIGHT_SPAN_MS))
    .map((ms) => Math.floor(ms / 1000) * 1000)
    .sort((a, b) => a - b)) {
    const previous = offsets.at(-1);
    offsets.push(previous !== undefined && drawn <= previous ? previous + 1000 : drawn);
  }
  return { startAt, offsetMin, site, serial, raw, scale, offsets };
};

/** The night's file `i` written (header, noise, GUANO) and dated; resolves with its length. */
const writeRecording = async (
  dir: string,
  opts: SynthNightOptions,
  night: DrawnNight,
  i: number,
): Promise<number> => {
  const { startAt, offsetMin, site, serial, scale } = night;
  const offset = night.offsets[i];
  const rawSize = night.raw[i];
  if (offset === undefined || rawSize === undefined)
    throw new RangeError(`synthNight: file ${i} of ${opts.files} was not drawn`);
  const at = startAt + offset;
  const wall = wallParts(at, offsetMin);
  const target = Math.max(0, Math.round(rawSize * scale));
  const guanoFor = (dataSize: number): Uint8Array =>
    guanoChunk([
      ['GUANO|Version', '1.0'],
      ['Timestamp', `${wall.iso}${offsetText(offsetMin)}`],
      ['Make', 'Depot'],
      ['Model', 'SynthNight'],
      ['Serial', serial],
      ['Loc Position', '48.85660 2.35220'],
      ['Samplerate', String(FORMAT.sampleRate)],
      ['TE', '1'],
      ['Length', (dataSize / BYTES_PER_SECOND).toFixed(3)],
      ['Depot|Seed', `${opts.seed}/${i}`],
    ]);
  const overhead = 12 + 24 + 8 + guanoFor(target).length;
  const dataSize = Math.max(MIN_DATA, Math.floor((target - overhead) / 2) * 2);
  const guano = guanoFor(dataSize);
  const head = concatBytes([
    riffHeader(4 + 24 + 8 + dataSize + guano.length),
    fmtChunk(FORMAT),
    dataChunkHeader(dataSize),
  ]);
  const path = join(dir, `${site}_${wall.date}_${wall.time}.wav`);
  const noise = noiseStream(opts.seed, i);
  const handle = await open(path, 'w');
  try {
    if (dataSize <= CHUNK) {
      // Small files (tests write thousands): one write instead of three.
      await handle.write(concatBytes([head, noise(dataSize), guano]));
    } else {
      await handle.write(head);
      for (let left = dataSize; left > 0; left -= CHUNK)
        await handle.write(noise(Math.min(CHUNK, left)));
      await handle.write(guano);
    }
  } finally {
    await handle.close();
  }
  const end = new Date(at + (dataSize / BYTES_PER_SECOND) * 1000);
  await utimes(path, end, end);
  return head.length + dataSize + guano.length;
};

/**
 * Writes a deterministic synthetic night of bat-detector recordings into `dir`: 384 kHz mono
 * 16-bit WAV files with a GUANO chunk after the samples (as streaming recorders write it), noise
 * as audio, names `SITE01_YYYYMMDD_HHMMSS.wav` spread from 21:00 to 06:00 local time. Files are
 * streamed in 1 MiB chunks: memory stays flat whatever the sizes. Same seed, same bytes.
 */
export const synthNight = async (
  dir: string,
  opts: SynthNightOptions,
): Promise<{ files: number; bytes: number }> => {
  if (!Number.isInteger(opts.files) || opts.files < 0)
    throw new RangeError('synthNight: files must be a non-negative integer');
  const night = drawNight(opts);
  await mkdir(dir, { recursive: true });
  // Sizes and times are drawn above, so writing a few files at once keeps the output identical.
  let bytes = 0;
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < opts.files) {
      const written = await writeRecording(dir, opts, night, next++);
      bytes += written; // read after the await: `bytes += await ...` would lose other writers' sums
    }
  };
  await Promise.all(Array.from({ length: Math.min(WRITERS, opts.files) }, worker));
  return { files: opts.files, bytes };
};
