import { createSocket } from 'node:dgram';
import { lookup } from 'node:dns/promises';
import { isIP } from 'node:net';
import { classifyResponse } from '../../shared/retry/classifyResponse';
import { success, type Outcome } from '../../shared/retry/Outcome';
import type { RouteCheck } from '../../shared/retry/RetryPolicy';
import { toRawResponse } from './toRawResponse';

const DEFAULT_PORTS: Readonly<Record<string, number>> = { 'http:': 80, 'https:': 443 };

const failed = (error: unknown): Outcome<void> =>
  classifyResponse(toRawResponse(error, { receivedAt: Date.now() }));

/** Connects a UDP socket: the kernel looks the route up and sends no packet. */
const connectUdp = (address: string, port: number): Promise<Outcome<void>> =>
  new Promise((resolve) => {
    const socket = createSocket(isIP(address) === 6 ? 'udp6' : 'udp4');
    const done = (outcome: Outcome<void>): void => {
      socket.removeAllListeners();
      socket.close();
      resolve(outcome);
    };
    socket.once('connect', () => done(success(undefined)));
    socket.once('error', (error) => done(failed(error)));
    socket.connect(port, address);
  });

/**
 * The route check of an endpoint (`RetryPolicy.probeWith`, issue 15): whether this machine has a
 * route to it now, found without sending anything. Connecting a datagram socket only looks the
 * route up: it fails at once with ENETUNREACH when the link is down or the tether gone, the same
 * answer every request would get, and succeeds as soon as the route is back. A host name is
 * looked up once and its address kept: what is asked is the route, and a lookup in an outage can
 * wait on a resolver for seconds.
 */
export const routeCheckTo = (endpoint: URL): RouteCheck => {
  const host = endpoint.hostname.replace(/^\[(.*)\]$/, '$1');
  const port =
    endpoint.port === '' ? (DEFAULT_PORTS[endpoint.protocol] ?? 443) : Number(endpoint.port);
  let address: string | undefined = isIP(host) === 0 ? undefined : host;
  return async () => {
    if (address === undefined) {
      try {
        address = (await lookup(host)).address;
      } catch (error) {
        return failed(error);
      }
    }
    return connectUdp(address, port);
  };
};
