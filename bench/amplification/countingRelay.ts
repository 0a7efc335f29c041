import { connect, createServer, type Socket } from 'node:net';

/**
 * A TCP relay on 127.0.0.1:0 in front of the fault proxy for the "unreachable" window: it counts
 * every connection attempt (what an unreachable endpoint "receives") and, while down, resets each
 * one at once, as a host whose service is gone does.
 */
export type CountingRelay = {
  readonly endpoint: string;
  /** Epoch ms of every connection accepted. */
  connections(): readonly number[];
  setDown(down: boolean): void;
  close(): Promise<void>;
};

export const startCountingRelay = async (targetPort: number): Promise<CountingRelay> => {
  const times: number[] = [];
  const open = new Set<Socket>();
  let down = false;
  const server = createServer((socket) => {
    times.push(Date.now());
    if (down) {
      socket.resetAndDestroy();
      return;
    }
    open.add(socket);
    const upstream = connect(targetPort, '127.0.0.1');
    socket.pipe(upstream).pipe(socket);
    const end = (): void => {
      open.delete(socket);
      socket.destroy();
      upstream.destroy();
    };
    socket.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    endpoint: `http://127.0.0.1:${port}`,
    connections: () => times,
    setDown(value) {
      down = value;
      if (value) for (const socket of open) socket.resetAndDestroy();
    },
    close: () =>
      new Promise((resolve) => {
        for (const socket of open) socket.destroy();
        server.close(() => resolve());
      }),
  };
};
