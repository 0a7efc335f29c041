import { FileDigest } from './FileDigest';
import type { HashWorkerReply } from './HashWorkerMessage';

type Chunk = { readonly buffer: ArrayBuffer; readonly offset: number; readonly length: number };

type Job = { readonly digest: FileDigest; readonly queue: Chunk[]; ended: boolean };

/**
 * The hash worker's files, their chunks hashed as they come and two files' at once where two are
 * being read (ADR 0025): a chunk of one waits for the other's next chunk, so that their four MD5s
 * go in one pass. A file does not wait for a partner that has ended or cannot pair, nor once it has
 * ended itself; a partner that is being read always sends its next chunk (or ends, or is
 * cancelled), so nothing waits for ever.
 */
export class PairedDigests {
  private readonly jobs = new Map<number, Job>();

  constructor(private readonly reply: (reply: HashWorkerReply) => void) {}

  begin(id: number, size: number, partSize: number): void {
    this.jobs.set(id, { digest: new FileDigest(size, partSize), queue: [], ended: false });
  }

  chunk(id: number, chunk: Chunk): void {
    const job = this.jobs.get(id);
    if (job === undefined) return;
    job.queue.push(chunk);
    this.drain();
  }

  end(id: number): void {
    const job = this.jobs.get(id);
    if (job === undefined) {
      this.reply({ kind: 'failed', id, message: 'not begun' });
      return;
    }
    job.ended = true;
    this.drain();
  }

  cancel(id: number): void {
    this.jobs.delete(id);
    this.drain();
  }

  /** Every file's state is dropped and answered as failed (an error while hashing). */
  fail(message: string): void {
    const ids = [...this.jobs.keys()];
    this.jobs.clear();
    for (const id of ids) this.reply({ kind: 'failed', id, message });
  }

  private drain(): void {
    for (;;) {
      this.finishEnded();
      const ready = [...this.jobs].filter(([, job]) => job.queue.length > 0);
      const [first, second] = ready;
      if (first === undefined) return;
      if (second !== undefined) {
        this.hashTwo(first, second);
        continue;
      }
      if (this.waitsForPartner(first[1])) return;
      this.hashOne(first);
    }
  }

  private waitsForPartner(job: Job): boolean {
    if (job.ended || !job.digest.pairable) return false;
    for (const other of this.jobs.values()) {
      if (other !== job && !other.ended && other.digest.pairable) return true;
    }
    return false;
  }

  private hashOne([id, job]: [number, Job]): void {
    const chunk = job.queue.shift();
    if (chunk === undefined) return;
    job.digest.update(new Uint8Array(chunk.buffer, chunk.offset, chunk.length));
    this.reply({ kind: 'taken', id, buffer: chunk.buffer });
  }

  private hashTwo([aId, a]: [number, Job], [bId, b]: [number, Job]): void {
    const aChunk = a.queue.shift();
    const bChunk = b.queue.shift();
    if (aChunk === undefined || bChunk === undefined) return;
    FileDigest.updateTwo(
      a.digest,
      new Uint8Array(aChunk.buffer, aChunk.offset, aChunk.length),
      b.digest,
      new Uint8Array(bChunk.buffer, bChunk.offset, bChunk.length),
    );
    this.reply({ kind: 'taken', id: aId, buffer: aChunk.buffer });
    this.reply({ kind: 'taken', id: bId, buffer: bChunk.buffer });
  }

  private finishEnded(): void {
    for (const [id, job] of this.jobs) {
      if (!job.ended || job.queue.length > 0) continue;
      this.jobs.delete(id);
      this.reply({ kind: 'done', id, digests: job.digest.finish() });
    }
  }
}
