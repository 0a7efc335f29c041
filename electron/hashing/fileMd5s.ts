import { createHash, type Hash } from 'node:crypto';

/** The MD5s a file's single pass takes: each part's, and the whole file's where it has parts. */
export type FileMd5s = {
  update(bytes: Uint8Array): void;
  /** The part's MD5 (hex); the next bytes start the next part. */
  digestPart(): string;
  /** The whole file's MD5 (hex); `undefined` for a file of one part, whose part's MD5 it is. */
  digestWhole(): string | undefined;
};

/**
 * node:crypto's MD5s, one for the part and one for the whole file where it has parts. A
 * WebAssembly pair of both in one pass saved 13 % CPU on a fast link and nothing a volunteer's
 * tethered link shows (ADR 0034): gone.
 */
export const fileMd5s = (size: number, partSize: number): FileMd5s => {
  const whole = size > partSize ? createHash('md5') : undefined;
  let part: Hash = createHash('md5');
  return {
    update: (bytes) => {
      whole?.update(bytes);
      part.update(bytes);
    },
    digestPart: () => {
      const hex = part.digest('hex');
      part = createHash('md5');
      return hex;
    },
    digestWhole: () => whole?.digest('hex'),
  };
};
