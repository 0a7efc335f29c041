import type { FileDigests } from './FileDigest';

/** What the main thread tells the hash worker about file `id`. */
export type HashWorkerRequest =
  | {
      readonly kind: 'begin';
      readonly id: number;
      readonly size: number;
      readonly partSize: number;
    }
  /** Bytes `offset` to `offset + length` of `buffer`, whose memory now belongs to the worker. */
  | {
      readonly kind: 'chunk';
      readonly id: number;
      readonly buffer: ArrayBuffer;
      readonly offset: number;
      readonly length: number;
    }
  | { readonly kind: 'end'; readonly id: number }
  | { readonly kind: 'cancel'; readonly id: number };

/** What the hash worker answers about file `id`. */
export type HashWorkerReply =
  /** A chunk hashed: its memory handed back, for the next read. */
  | { readonly kind: 'taken'; readonly id: number; readonly buffer: ArrayBuffer }
  | { readonly kind: 'done'; readonly id: number; readonly digests: FileDigests }
  | { readonly kind: 'failed'; readonly id: number; readonly message: string };
