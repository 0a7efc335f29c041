import { HashWorker } from './HashWorker';
import { startHashWorker } from './startHashWorker';

/** The process's one hash worker (a thread, as libuv's pool is the process's). */
export const sharedHashWorker = new HashWorker(startHashWorker);
