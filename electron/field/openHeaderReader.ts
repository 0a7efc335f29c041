import type { ReadAt } from '../../shared/field/inspectWav';
import { fdCalls } from '../runtime/fdCalls';

/** How much of a file's start is read at once: headers and front metadata of every recorder seen. */
export const HEAD_BYTES = 64 * 1024;

/**
 * Opens a file read-only and gives a positioned reader for inspectWav: the first 64 KiB are read
 * once and served from memory, anything beyond (a `guan` chunk after the audio) is one positioned
 * read of just the bytes asked for. The file is closed when `use` settles.
 */
export const withHeaderReader = async <T>(
  absPath: string,
  size: number,
  use: (read: ReadAt) => Promise<T>,
): Promise<T> => {
  const fd = await fdCalls.open(absPath);
  try {
    const head = Buffer.alloc(Math.min(size, HEAD_BYTES));
    const bytesRead = await fdCalls.read(fd, head, 0, head.length, 0);
    const cached = head.subarray(0, bytesRead);
    const read: ReadAt = async (offset, length) => {
      if (offset + length <= cached.length) return cached.subarray(offset, offset + length);
      const out = Buffer.alloc(Math.max(0, Math.min(length, size - offset)));
      if (out.length === 0) return out;
      const n = await fdCalls.read(fd, out, 0, out.length, offset);
      return out.subarray(0, n);
    };
    return await use(read);
  } finally {
    await fdCalls.close(fd);
  }
};
