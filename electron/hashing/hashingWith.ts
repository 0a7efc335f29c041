import type { FileHashing } from '../engine/FileHashing';
import type { FileHasher } from './FileHasher';
import { hashFile } from './hashFile';

/** The engine's hashing over `worker` (the hash worker; undefined: this thread). */
export const hashingWith = (worker: FileHasher | undefined): FileHashing => ({
  hash: (source, file, signal) => hashFile(source, file, signal, worker),
});
