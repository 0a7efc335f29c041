import type { RunContext } from './RunContext';

/** Payload goes on the wire inside a slot: at most one part body per slot, in memory and in flight. */
export const withSlot = async <T>(run: RunContext, send: () => Promise<T>): Promise<T> => {
  const release = await run.slots.acquire(run.controller.signal);
  try {
    return await send();
  } finally {
    release();
  }
};
