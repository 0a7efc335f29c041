import { FileDigest } from './FileDigest';
import type { HashWorkerReply } from './HashWorkerMessage';

type Chunk = { readonly buffer: ArrayBuffer; readonly offset: number; readonly length: number };

type Job = { readonly digest: FileDigest; readonly queue: Chunk[]; ended: boolean };

/** The hash worker's files, each chunk hashed as it comes, in the order it came (ADR 0025). */
export class WorkerDigests {
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
    this.finishEnded();
    for (const [id, job] of this.jobs) {
      for (const chunk of job.queue.splice(0)) {
        job.digest.update(new Uint8Array(chunk.buffer, chunk.offset, chunk.length));
        this.reply({ kind: 'taken', id, buffer: chunk.buffer });
      }
    }
    this.finishEnded();
  }

  private finishEnded(): void {
    for (const [id, job] of this.jobs) {
      if (!job.ended || job.queue.length > 0) continue;
      this.jobs.delete(id);
      this.reply({ kind: 'done', id, digests: job.digest.finish() });
    }
  }
}
