const MiB = 1024 * 1024;
export const MAX_PARTS = 10_000;
/** S3's smallest part (except the last). */
export const MIN_PART_SIZE = 5 * MiB;

/**
 * The part size for one file: the plan's, grown to a whole MiB when the file would otherwise need
 * more than 10,000 parts (S3's limit).
 */
export const choosePartSize = (fileSize: number, planPartSize: number): number => {
  const base = Math.max(planPartSize, MIN_PART_SIZE);
  if (Math.ceil(fileSize / base) <= MAX_PARTS) return base;
  return Math.ceil(fileSize / MAX_PARTS / MiB) * MiB;
};
