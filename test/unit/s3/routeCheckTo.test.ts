import { createSocket } from 'node:dgram';
import { once } from 'node:events';
import { describe, expect, it } from 'vitest';
import { routeCheckTo } from '../../../electron/s3/routeCheckTo';

// No route cannot be made here without a network namespace: the link lab shows it
// (bench/lab/measureLinkUp.ts, ADR 0013); the policy's use of each answer is tested on virtual time.
describe('routeCheckTo: the route to an endpoint, looked up without sending anything', () => {
  it('finds the route to an address and to a name, on the URL port or the scheme default', async () => {
    for (const url of ['http://127.0.0.1:7480', 'http://localhost:9', 'https://127.0.0.1']) {
      expect(await routeCheckTo(new URL(url))(), url).toEqual({
        kind: 'success',
        value: undefined,
      });
    }
  });

  it('sends no datagram to the endpoint', async () => {
    const listener = createSocket('udp4');
    const received: Buffer[] = [];
    listener.on('message', (m) => received.push(m));
    listener.bind(0, '127.0.0.1');
    await once(listener, 'listening');
    const { port } = listener.address();
    const check = routeCheckTo(new URL(`http://127.0.0.1:${port}`));
    for (let i = 0; i < 5; i += 1) expect((await check()).kind).toBe('success');
    // A datagram sent to ourselves is queued before `send` calls back: one sent as a marker after
    // the checks arrives, and nothing before it.
    const marker = createSocket('udp4');
    await new Promise<void>((resolve) => marker.send('end', port, '127.0.0.1', () => resolve()));
    await once(listener, 'message');
    marker.close();
    listener.close();
    expect(received.map((m) => m.toString())).toEqual(['end']);
  });
});
