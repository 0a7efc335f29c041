import {
  windowAfter,
  windowAllows,
  windowStart,
  type WindowSettings,
  type WindowSignal,
  type WindowState,
} from './congestionWindow';

/** What a simulated client's transport asks of a congestion window around each emission. */
export type EmissionGate = {
  /** Resolves when the window has room for one more request in flight. */
  acquire(): Promise<void>;
  /** The request is over: what it said about the server's queue (undefined: nothing). */
  release(signal: WindowSignal | undefined, now: number): void;
  /** The circuit closed after an outage: start again at one request. */
  restart(): void;
};

/** A congestion window as a gate: at most windowAllows(state) requests in flight, FIFO waiters. */
export const congestionGate = (settings: WindowSettings): EmissionGate => {
  let state: WindowState = windowStart(settings);
  let inFlight = 0;
  const waiters: (() => void)[] = [];
  const wake = (): void => {
    while (inFlight < windowAllows(state) && waiters.length > 0) {
      inFlight += 1;
      waiters.shift()?.();
    }
  };
  return {
    acquire: () => {
      if (inFlight < windowAllows(state) && waiters.length === 0) {
        inFlight += 1;
        return Promise.resolve();
      }
      return new Promise<void>((resolve) => waiters.push(resolve));
    },
    release: (signal, now) => {
      inFlight -= 1;
      if (signal !== undefined) state = windowAfter(state, signal, now, settings);
      wake();
    },
    restart: () => {
      state = { ...windowStart(settings), recent: state.recent };
    },
  };
};
