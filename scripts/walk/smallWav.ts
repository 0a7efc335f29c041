import { writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The one recording of the walked night: a recorder's name (site, date, time), a 384 kHz WAV. */
export const SMALL_WAV = 'SITE01_20260613_030000.wav';

/** Writes a valid PCM WAV of `size` bytes (44 bytes of header, then samples) into `dir`. */
export const writeSmallWav = (dir: string, size = 2048): string => {
  const bytes = Buffer.alloc(size);
  const rate = 384_000;
  bytes.write('RIFF', 0, 'ascii');
  bytes.writeUInt32LE(size - 8, 4);
  bytes.write('WAVE', 8, 'ascii');
  bytes.write('fmt ', 12, 'ascii');
  bytes.writeUInt32LE(16, 16);
  bytes.writeUInt16LE(1, 20);
  bytes.writeUInt16LE(1, 22);
  bytes.writeUInt32LE(rate, 24);
  bytes.writeUInt32LE(rate * 2, 28);
  bytes.writeUInt16LE(2, 32);
  bytes.writeUInt16LE(16, 34);
  bytes.write('data', 36, 'ascii');
  bytes.writeUInt32LE(size - 44, 40);
  for (let i = 44; i + 1 < size; i += 2) bytes.writeInt16LE(Math.round(Math.sin(i / 7) * 900), i);
  const path = join(dir, SMALL_WAV);
  writeFileSync(path, bytes);
  return path;
};
