import type { Worker } from 'node:worker_threads';
import type { ChunkDigest } from './ChunkDigest';
import type { FileHasher } from './FileHasher';
import type { FileDigests } from './FileDigest';
import type { HashWorkerReply, HashWorkerRequest } from './HashWorkerMessage';

/**
 * Chunks one file may have in the worker's hands or ready to read into: reading runs ahead of
 * hashing by at most this many, and a file's buffers stay this few (ADR 0025).
 */
const BUFFERS_PER_FILE = 3;

/** The worker stopped or failed under a file (an error in it, or it was terminated): the file is hashed again here. */
export class HashWorkerLost extends Error {
  override readonly name = 'HashWorkerLost';
}

type Waiter<T> = { resolve: (value: T) => void; reject: (error: Error) => void };

type Job = {
  readonly free: Buffer[];
  made: number;
  readonly waiting: Waiter<Buffer>[];
  finished: Waiter<FileDigests> | undefined;
};

/**
 * Large files' hashing off the main thread (issue 15, ADR 0025): the main thread reads the chunks
 * and hands their memory over; the worker hashes them while the main thread sends other files'
 * parts. One worker for the process, started with the first large file and holding the process
 * open only while it has work.
 */
export class HashWorker implements FileHasher {
  private worker: Worker | undefined;
  private lost = false;
  private nextId = 1;
  private readonly jobs = new Map<number, Job>();
  private done = 0;

  /** `start` gives the worker, or undefined where it cannot run (then files are hashed here). */
  constructor(private readonly start: () => Worker | undefined) {}

  /** A digest in the worker, or undefined where there is none. */
  digest(size: number, partSize: number, chunkSize: number): ChunkDigest | undefined {
    const worker = this.running();
    if (worker === undefined) return undefined;
    const id = this.nextId++;
    const job: Job = { free: [], made: 1, waiting: [], finished: undefined };
    if (this.jobs.size === 0) worker.ref();
    this.jobs.set(id, job);
    this.post({ kind: 'begin', id, size, partSize });
    return {
      take: (chunk) => {
        if (this.jobs.get(id) !== job) return Promise.reject(new HashWorkerLost('no worker'));
        // A buffer of its own memory (never from Node's pool): the worker takes all of it.
        const buffer = chunk.buffer as ArrayBuffer;
        const { byteOffset: offset, byteLength: length } = chunk;
        this.post({ kind: 'chunk', id, buffer, offset, length }, [buffer]);
        const ready = job.free.pop();
        if (ready !== undefined) return Promise.resolve(ready);
        if (job.made < BUFFERS_PER_FILE) {
          job.made += 1;
          return Promise.resolve(Buffer.allocUnsafeSlow(chunkSize));
        }
        return new Promise((resolve, reject) => job.waiting.push({ resolve, reject }));
      },
      finish: () => {
        if (this.jobs.get(id) !== job) return Promise.reject(new HashWorkerLost('no worker'));
        this.post({ kind: 'end', id });
        return new Promise((resolve, reject) => {
          job.finished = { resolve, reject };
        });
      },
      cancel: () => {
        if (this.jobs.get(id) !== job) return;
        this.post({ kind: 'cancel', id });
        this.forget(id);
      },
    };
  }

  private running(): Worker | undefined {
    if (this.worker !== undefined || this.lost) return this.worker;
    const worker = this.start();
    if (worker === undefined) {
      this.lost = true;
      return undefined;
    }
    worker.unref();
    worker.on('message', (reply: HashWorkerReply) => this.receive(reply));
    // An error in the worker ends it: what it held is hashed again on the main thread.
    worker.on('error', () => undefined);
    worker.on('exit', () => this.stopped(worker));
    this.worker = worker;
    return worker;
  }

  private receive(reply: HashWorkerReply): void {
    const job = this.jobs.get(reply.id);
    if (job === undefined) return;
    switch (reply.kind) {
      case 'taken': {
        const buffer = Buffer.from(reply.buffer);
        const waiter = job.waiting.shift();
        if (waiter === undefined) job.free.push(buffer);
        else waiter.resolve(buffer);
        return;
      }
      case 'done':
        this.done += 1;
        this.forget(reply.id);
        job.finished?.resolve(reply.digests);
        return;
      case 'failed':
        // An error in the worker's hashing: the file is hashed again here, as when it stops.
        this.forget(reply.id);
        this.fail(job, new HashWorkerLost(reply.message));
    }
  }

  private stopped(worker: Worker): void {
    if (this.worker !== worker) return;
    this.worker = undefined;
    this.lost = true;
    const jobs = [...this.jobs.values()];
    this.jobs.clear();
    for (const job of jobs) this.fail(job, new HashWorkerLost('the hash worker stopped'));
  }

  private fail(job: Job, error: Error): void {
    for (const waiter of job.waiting.splice(0)) waiter.reject(error);
    job.finished?.reject(error);
  }

  private forget(id: number): void {
    this.jobs.delete(id);
    if (this.jobs.size === 0) this.worker?.unref();
  }

  private post(request: HashWorkerRequest, transfer: ArrayBuffer[] = []): void {
    this.worker?.postMessage(request, transfer);
  }

  /** Files the worker has hashed whole. */
  get filesHashed(): number {
    return this.done;
  }

  /** Ends the worker (tests): files after it are hashed on the main thread. */
  async terminate(): Promise<void> {
    await this.worker?.terminate();
  }
}
