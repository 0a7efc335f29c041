import { createCipheriv, createHash } from 'node:crypto';

/** Deterministic, incompressible bytes for a file: the same name and size always give the same content. */
export const contentOf = (name: string, size: number): Buffer => {
  const key = createHash('sha256').update(name).digest().subarray(0, 16);
  return createCipheriv('aes-128-ctr', key, Buffer.alloc(16)).update(Buffer.alloc(size));
};
