import type { ClientRequest } from 'node:http';

export type SocketTimeouts = {
  readonly connectionTimeoutMs: number;
  readonly socketTimeoutMs: number;
};

/**
 * A request's two time-outs, as `DirectPut` and the portal's exchanges keep them: no connection
 * within the connection time-out, and a socket silent past its idle time-out. Either destroys the
 * request and fails it with a TimeoutError named after `what` ("PUT", "portal"); the connection
 * timer is handed to `connecting` so the caller clears it when the exchange settles.
 */
export const watchSocket = (
  req: ClientRequest,
  what: string,
  timeouts: SocketTimeouts,
  fail: (error: Error) => void,
  connecting: (timer: NodeJS.Timeout) => void,
): void => {
  const timeout = (why: string): Error =>
    Object.assign(new Error(`${what}: ${why}`), { name: 'TimeoutError' });
  req.on('socket', (socket) => {
    if (!socket.connecting) return;
    const connect = setTimeout(() => {
      req.destroy();
      fail(timeout('no connection within the connection time-out'));
    }, timeouts.connectionTimeoutMs);
    connecting(connect);
    socket.once('connect', () => clearTimeout(connect));
  });
  req.setTimeout(timeouts.socketTimeoutMs, () => {
    req.destroy();
    fail(timeout('the socket was idle past its time-out'));
  });
};
