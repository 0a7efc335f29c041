import type { DepotTransport } from '../../shared/ipc/DepotApi';
import type { DepotEvent } from '../../shared/ipc/DepotEvent';
import { fail } from '../../shared/ipc/Result';
import type { Result } from '../../shared/ipc/Result';

/** The bridge's wire format (see electron/bridge/BridgeServer.ts). */
type ServerMessage =
  { readonly id: number; readonly result: Result<unknown> } | { readonly event: DepotEvent };

export const BRIDGE_PROTOCOL = 'depot.v1';

export type BridgeClientOptions = {
  readonly url: string;
  readonly token: string;
  /** Told when the link to the bridge drops or comes back, to say so on screen. */
  readonly onConnectionChange?: (connected: boolean) => void;
};

/**
 * The contract over one WebSocket to the local bridge. The token travels as a sub-protocol so it
 * is never in a URL the server logs; calls made while disconnected answer `unavailable` instead
 * of hanging, and the socket reconnects by itself.
 */
export const bridgeClient = (options: BridgeClientOptions): DepotTransport => {
  const listeners = new Set<(event: DepotEvent) => void>();
  const pending = new Map<number, (result: Result<unknown>) => void>();
  let nextId = 1;
  let socket: WebSocket | undefined;
  let opened: Promise<boolean> | undefined;
  let delay = 250;

  const open = (): Promise<boolean> => {
    if (opened !== undefined) return opened;
    opened = new Promise<boolean>((resolve) => {
      const ws = new WebSocket(options.url, [BRIDGE_PROTOCOL, `token.${options.token}`]);
      socket = ws;
      ws.onopen = () => {
        delay = 250;
        options.onConnectionChange?.(true);
        resolve(true);
      };
      ws.onmessage = (message: MessageEvent<string>) => {
        const data = JSON.parse(message.data) as ServerMessage;
        if ('event' in data) {
          for (const listener of listeners) listener(data.event);
        } else {
          pending.get(data.id)?.(data.result);
          pending.delete(data.id);
        }
      };
      ws.onclose = () => {
        socket = undefined;
        opened = undefined;
        for (const settle of pending.values())
          settle(fail('unavailable', 'bridge disconnected', { kind: 'engine-unreachable' }));
        pending.clear();
        options.onConnectionChange?.(false);
        resolve(false);
        // Reconnect while someone listens: the backend may be restarting.
        if (listeners.size > 0) {
          delay = Math.min(delay * 2, 4000);
          setTimeout(() => void open(), delay);
        }
      };
    });
    return opened;
  };

  return {
    async call(method, input) {
      const ready = await open();
      if (!ready || socket === undefined) {
        return fail('unavailable', 'bridge unreachable', { kind: 'engine-unreachable' });
      }
      const id = nextId++;
      const result = new Promise<Result<unknown>>((resolve) => pending.set(id, resolve));
      socket.send(JSON.stringify({ id, method, input }));
      // The bridge answers with the handler's own output type for this method.
      return (await result) as Result<never>;
    },
    subscribe(listener) {
      listeners.add(listener);
      void open();
      return () => listeners.delete(listener);
    },
  };
};
