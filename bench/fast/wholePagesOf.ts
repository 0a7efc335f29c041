import { execFileSync } from 'node:child_process';

/** The kernel's page size here (`getconf PAGESIZE`): the unit every read from a disk comes in. */
export const pageSize = (): number => {
  const size = Number(execFileSync('getconf', ['PAGESIZE'], { encoding: 'utf8' }).trim());
  if (!Number.isInteger(size) || size <= 0) throw new Error(`getconf PAGESIZE said "${size}"`);
  return size;
};

/**
 * Bytes of the whole pages that hold files of these sizes: what reading each file once must bring
 * from the disk, before any inode or directory block. A file's last page comes whole even for its
 * last byte, so 2,000 recordings of 9-72 KB read at least 1.051 x their payload with 4 KiB pages.
 */
export const wholePagesOf = (sizes: Iterable<number>, page: number): number => {
  let bytes = 0;
  for (const size of sizes) bytes += Math.ceil(size / page) * page;
  return bytes;
};
