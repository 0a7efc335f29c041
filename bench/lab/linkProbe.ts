// Measures the lab's link from inside its namespaces (LAB.md: no ping here, so RTT is the TCP
// connect time, one SYN/SYN-ACK round trip). `sink HOST PORT` counts bytes received per
// connection; `probe HOST PORT SECONDS STREAMS` prints one JSON line: connect RTTs and the payload
// rate of STREAMS parallel bulk streams for SECONDS.
import { connect, createServer } from 'node:net';

const [mode, host = '', portText = '0', secondsText = '8', streamsText = '1'] =
  process.argv.slice(2);
const port = Number(portText);
const WARMUP_MS = 2_000;

type SinkReply = { received: number; warm: number; warmS: number };

const sink = (): void => {
  const server = createServer((socket) => {
    // Bytes after a warm-up, so slow start does not count against the link's rate.
    let received = 0;
    let firstAt = 0;
    let lastAt = 0;
    let warm = 0;
    socket.on('data', (chunk) => {
      const now = performance.now();
      if (firstAt === 0) firstAt = now;
      else if (now - firstAt > WARMUP_MS) warm += chunk.length;
      lastAt = now;
      received += chunk.length;
    });
    socket.on('end', () =>
      socket.end(
        JSON.stringify({ received, warm, warmS: Math.max(0, lastAt - firstAt - WARMUP_MS) / 1000 }),
      ),
    );
    socket.on('error', () => undefined);
  });
  server.listen(port, host, () => process.stdout.write('ready\n'));
  process.once('SIGTERM', () => process.exit(0));
};

const connectTime = (): Promise<number> =>
  new Promise((resolve, reject) => {
    const started = performance.now();
    const socket = connect(port, host, () => {
      resolve(performance.now() - started);
      socket.destroy();
    });
    socket.setTimeout(5_000, () => socket.destroy(new Error('connect timeout')));
    socket.on('error', reject);
  });

const stream = (seconds: number): Promise<SinkReply> =>
  new Promise((resolve, reject) => {
    const chunk = Buffer.alloc(64 * 1024, 0x5a);
    const socket = connect(port, host, () => {
      const until = performance.now() + seconds * 1000;
      const write = (): void => {
        while (performance.now() < until) {
          if (!socket.write(chunk)) {
            socket.once('drain', write);
            return;
          }
        }
        socket.end();
      };
      write();
    });
    let reply = '';
    socket.on('data', (data: Buffer) => (reply += data.toString()));
    socket.on('end', () => resolve(JSON.parse(reply) as SinkReply));
    socket.on('error', reject);
  });

const probe = async (): Promise<void> => {
  const rttMs: number[] = [];
  for (let i = 0; i < 10; i++) rttMs.push(await connectTime());
  const seconds = Number(secondsText);
  const started = performance.now();
  const received = await Promise.all(
    Array.from({ length: Number(streamsText) }, () => stream(seconds)),
  );
  // Until the sink confirmed every byte: queued bytes must not count as delivered.
  const elapsed = (performance.now() - started) / 1000;
  const bytes = received.reduce((a, r) => a + r.received, 0);
  const warm = received.reduce((a, r) => a + r.warm, 0);
  const warmS = Math.max(...received.map((r) => r.warmS));
  process.stdout.write(
    `${JSON.stringify({ rttMs, bytes, seconds: elapsed, mbit: (warm * 8) / warmS / 1e6 })}\n`,
  );
};

if (mode === 'sink') sink();
else if (mode === 'probe') await probe();
else {
  process.stderr.write('usage: linkProbe sink HOST PORT | probe HOST PORT SECONDS STREAMS\n');
  process.exit(2);
}
