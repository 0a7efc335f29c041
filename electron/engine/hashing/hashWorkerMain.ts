import { parentPort } from 'node:worker_threads';
import { FileDigest } from './FileDigest';
import type { HashWorkerReply, HashWorkerRequest } from './HashWorkerMessage';

// The hash worker's thread (see HashWorker): files' digests, chunk by chunk, as the main thread
// reads them.
const port = parentPort;
const digests = new Map<number, FileDigest>();

const answer = (request: HashWorkerRequest): HashWorkerReply | undefined => {
  switch (request.kind) {
    case 'begin':
      digests.set(request.id, new FileDigest(request.size, request.partSize));
      return undefined;
    case 'chunk': {
      const { id, buffer, offset, length } = request;
      digests.get(id)?.update(new Uint8Array(buffer, offset, length));
      return { kind: 'taken', id, buffer };
    }
    case 'end': {
      const digest = digests.get(request.id);
      digests.delete(request.id);
      if (digest === undefined) return { kind: 'failed', id: request.id, message: 'not begun' };
      return { kind: 'done', id: request.id, digests: digest.finish() };
    }
    case 'cancel':
      digests.delete(request.id);
      return undefined;
  }
};

port?.on('message', (request: HashWorkerRequest) => {
  let reply: HashWorkerReply | undefined;
  try {
    reply = answer(request);
  } catch (error) {
    digests.delete(request.id);
    reply = { kind: 'failed', id: request.id, message: String(error) };
  }
  if (reply === undefined) return;
  port.postMessage(reply, reply.kind === 'taken' ? [reply.buffer] : []);
});
