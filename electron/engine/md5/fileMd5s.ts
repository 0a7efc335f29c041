import { createHash, type Hash } from 'node:crypto';
import { Md5Pair } from './Md5Pair';
import { md5PairModule } from './md5PairModule';

/** The MD5s a file's single pass takes: each part's, and the whole file's where it has parts. */
export interface FileMd5s {
  update(bytes: Uint8Array): void;
  /** The part's MD5 (hex); the next bytes start the next part. */
  digestPart(): string;
  /** The whole file's MD5 (hex); `undefined` for a file of one part, whose part's MD5 it is. */
  digestWhole(): string | undefined;
}

/**
 * Two lanes of one WebAssembly pass where the file has parts that start on 64-byte boundaries
 * (issue 15, ADR 0023); otherwise node:crypto, one MD5 (a file of one part) or two.
 */
export const fileMd5s = (size: number, partSize: number): FileMd5s => {
  const module = size > partSize && partSize % 64 === 0 ? md5PairModule() : null;
  if (module !== null) return new Md5Pair(module);
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
