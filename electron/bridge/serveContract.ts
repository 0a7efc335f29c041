import type { WebSocket, WebSocketServer } from 'ws';
import type { DepotEvent } from '../../shared/ipc/DepotEvent';
import { fail } from '../../shared/ipc/Result';
import type { Handlers } from '../ipc/Handlers';
import { dispatch } from '../ipc/dispatch';
import { readCall } from './readCall';

export type ContractClients = {
  readonly clients: Set<WebSocket>;
  readonly unsubscribe: () => void;
};

/** One connected page's calls: each answered under its id, in the order its handler settles. */
const answerCalls = (ws: WebSocket, handlers: Handlers, log: (line: string) => void): void => {
  const reply = (message: unknown): void => {
    if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(message));
  };
  ws.on('message', (data, isBinary) => {
    const call = readCall(data, isBinary);
    if (call.kind === 'unusable') {
      // No id to answer: the client cannot match it, but the sender learns why nothing came.
      reply({ error: { code: 'invalid-input', message: call.why } });
      return;
    }
    if (call.kind === 'bad-call') {
      reply({ id: call.id, result: fail('invalid-input', call.why) });
      return;
    }
    const { id } = call;
    void dispatch(handlers, call.method, call.input, (method, error) =>
      log(`bridge: ${method} failed: ${error instanceof Error ? error.stack : String(error)}`),
    ).then((result) => reply({ id, result }));
  });
};

/** The contract over the bridge's WebSockets: the backend's events to every page, its calls answered. */
export const serveContract = (
  wss: WebSocketServer,
  options: {
    readonly handlers: Handlers;
    readonly subscribe: (listener: (event: DepotEvent) => void) => () => void;
  },
  log: (line: string) => void,
): ContractClients => {
  const clients = new Set<WebSocket>();
  const unsubscribe = options.subscribe((event) => {
    const text = JSON.stringify({ event });
    for (const ws of clients) if (ws.readyState === ws.OPEN) ws.send(text);
  });

  wss.on('connection', (ws: WebSocket) => {
    clients.add(ws);
    ws.on('close', () => clients.delete(ws));
    // A message over maxPayload or a broken frame: ws closes this socket (1009, 1002...) and
    // reports it here; without a listener the 'error' event would end the process.
    ws.on('error', (error) => {
      log(`bridge: WebSocket closed: ${error.message}`);
      clients.delete(ws);
    });
    answerCalls(ws, options.handlers, log);
  });
  return { clients, unsubscribe };
};
