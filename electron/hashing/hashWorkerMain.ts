import { parentPort } from 'node:worker_threads';
import type { HashWorkerReply, HashWorkerRequest } from './HashWorkerMessage';
import { WorkerDigests } from './WorkerDigests';

// The hash worker's thread (see HashWorker): files' digests, chunk by chunk, as the main thread
// reads them (WorkerDigests).
const port = parentPort;
const digests = new WorkerDigests((reply: HashWorkerReply) => {
  port?.postMessage(reply, reply.kind === 'taken' ? [reply.buffer] : []);
});

port?.on('message', (request: HashWorkerRequest) => {
  try {
    switch (request.kind) {
      case 'begin':
        digests.begin(request.id, request.size, request.partSize);
        return;
      case 'chunk':
        digests.chunk(request.id, request);
        return;
      case 'end':
        digests.end(request.id);
        return;
      case 'cancel':
        digests.cancel(request.id);
    }
  } catch (error) {
    // Nothing of what was in progress can be trusted: each file is hashed again by its caller.
    digests.fail(String(error));
  }
});
