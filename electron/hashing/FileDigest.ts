import { createHash } from 'node:crypto';
import type { PartDigest } from './PartDigest';
import { fileMd5s } from './fileMd5s';

/** What one pass over a file gives: the whole file's SHA-256 and MD5, and every part's MD5. */
export type FileDigests = {
  readonly sha256: string;
  readonly md5: string;
  readonly parts: PartDigest[];
  /** How many bytes went through (the caller compares it with the planned size). */
  readonly length: number;
};

/**
 * A file's hashes over its bytes in order, in chunks of any size: the SHA-256 of the whole, the
 * MD5 of every part (each request's Content-MD5, what a listed part's ETag must equal) and the
 * whole file's MD5 (rclone's `md5chksum`; a one-request object's ETag, issue 11). A file of one
 * part has one MD5: its part's is its whole's. Runs on the main thread or in the hash worker.
 */
export class FileDigest {
  private readonly whole = createHash('sha256');
  private readonly md5s;
  private readonly parts: PartDigest[] = [];
  private partStart = 0;
  private position = 0;

  constructor(
    size: number,
    private readonly partSize: number,
  ) {
    this.md5s = fileMd5s(size, partSize);
  }

  update(chunk: Uint8Array): void {
    let offset = 0;
    while (offset < chunk.length) {
      const length = Math.min(this.room(), chunk.length - offset);
      const slice = chunk.subarray(offset, offset + length);
      this.whole.update(slice);
      this.md5s.update(slice);
      this.position += length;
      offset += length;
      if (this.position - this.partStart === this.partSize) this.closePart();
    }
  }

  finish(): FileDigests {
    if (this.position > this.partStart || this.parts.length === 0) this.closePart();
    return {
      sha256: this.whole.digest('hex'),
      md5: this.md5s.digestWhole() ?? this.parts[0]?.md5 ?? '',
      parts: this.parts,
      length: this.position,
    };
  }

  /** Bytes left in the current part. */
  private room(): number {
    return this.partStart + this.partSize - this.position;
  }

  private closePart(): void {
    this.parts.push({
      partNumber: this.parts.length + 1,
      offset: this.partStart,
      size: this.position - this.partStart,
      md5: this.md5s.digestPart(),
    });
    this.partStart = this.position;
  }
}
