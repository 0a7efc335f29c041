import { createServer, connect, type Server, type Socket } from 'node:net';

export type SlowLink = {
  /** `http://127.0.0.1:PORT`: clients talk to this; bytes reach `target` at the link's rate. */
  readonly endpoint: string;
  /** Drops every connection now, with whatever it still had queued (the link cut at once). */
  resetAll(): void;
  close(): Promise<void>;
};

/**
 * A TCP relay on 127.0.0.1:0 that carries client-to-server bytes at `bytesPerSec` (a slow uplink,
 * like a tethered phone) and answers at full speed. Without netem on this kernel, this is how a
 * kill can land in the middle of a part's body. Every socket it opens is destroyed by `close()`.
 */
export const startSlowLink = async (target: string, bytesPerSec: number): Promise<SlowLink> => {
  const { hostname, port } = new URL(target);
  const sockets = new Set<Socket>();
  const track = (s: Socket): Socket => {
    sockets.add(s);
    s.once('close', () => sockets.delete(s));
    return s;
  };
  // One uplink shared by every connection: a single allowance, refilled every tick, drained by
  // the connections in turn.
  const tick = 50;
  let allowance = 0;
  const drains = new Set<() => void>();
  const refill = setInterval(() => {
    allowance = Math.min(allowance + (bytesPerSec * tick) / 1000, bytesPerSec / 4);
    for (const drain of [...drains].sort(() => 0.5 - Math.random())) drain();
  }, tick);
  const server: Server = createServer((client) => {
    track(client);
    const upstream = track(connect({ host: hostname, port: Number(port) }));
    let queue: Buffer[] = [];
    let queued = 0;
    const drain = (): void => {
      while (queue.length > 0 && allowance >= 1) {
        const head = queue[0];
        if (head === undefined) break;
        const take = Math.min(head.length, Math.floor(allowance));
        upstream.write(head.subarray(0, take));
        allowance -= take;
        queued -= take;
        if (take === head.length) queue.shift();
        else queue[0] = head.subarray(take);
      }
      if (queued < 64 * 1024 && client.isPaused()) client.resume();
    };
    drains.add(drain);
    client.on('data', (chunk: Buffer) => {
      queue.push(chunk);
      queued += chunk.length;
      if (queued > 256 * 1024) client.pause();
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    const end = (): void => {
      drains.delete(drain);
      queue = [];
      client.destroy();
      upstream.destroy();
    };
    client.once('close', end);
    upstream.once('close', end);
    client.on('error', end);
    upstream.on('error', end);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const listening = typeof address === 'object' && address !== null ? address.port : 0;
  return {
    endpoint: `http://127.0.0.1:${listening}`,
    resetAll: () => {
      for (const s of sockets) s.destroy();
    },
    close: async () => {
      clearInterval(refill);
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};
