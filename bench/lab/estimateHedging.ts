/**
 * Seed 001's delayed hedging, estimated from a harsh night's own requests (ADR 0013): the lab run
 * with `--depot-request-log FILE` gives each request's start and end, its log the cuts. For every
 * idempotent read (GET, HEAD) that waited past the reads' usual time (p50 or p75 of those the
 * link never interrupted), a second copy sent at that moment, on a fresh connection, is assumed
 * to take a handshake and the usual time once the link is up. What it would have saved is an
 * upper bound on what a night could gain: a read waits for its own file, while other files' parts
 * use the link meanwhile.
 *
 *   npx tsx bench/lab/estimateHedging.ts --requests FILE --log LAB_LOG [--rtt-ms 81]
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { quantile } from '../quantile';

type Request = {
  readonly start: number;
  readonly head: number | null;
  readonly end: number;
  readonly method: string;
  readonly path: string;
  readonly status: number | null;
  readonly error: string | null;
};

const { values } = parseArgs({
  options: {
    requests: { type: 'string' },
    log: { type: 'string' },
    'rtt-ms': { type: 'string', default: '81' },
  },
});
if (values.requests === undefined || values.log === undefined) {
  throw new Error('usage: --requests FILE --log LAB_LOG [--rtt-ms N]');
}
const rttMs = Number(values['rtt-ms']);
const requests: Request[] = readFileSync(values.requests, 'utf8')
  .split('\n')
  .filter((line) => line !== '')
  .map((line) => JSON.parse(line) as Request)
  .sort((a, b) => a.start - b.start);
const first = requests[0];
if (first === undefined) throw new Error(`${values.requests}: no request`);

// `[bench 16:50:15]   link down (cut, 5 s) at 4 s`: the wall-clock second the cut began (UTC,
// the requests' day), so each interval is widened by a second on both sides.
const day = new Date(first.start).toISOString().slice(0, 10);
const down: { readonly from: number; readonly to: number }[] = [];
for (const line of readFileSync(values.log, 'utf8').split('\n')) {
  const m = /^\[bench (\d\d:\d\d:\d\d)\]\s+link down \((?:cut|outage), (\d+) s\)/.exec(line);
  if (m === null) continue;
  const at = Date.parse(`${day}T${m[1] ?? ''}Z`);
  down.push({ from: at - 1_000, to: at + Number(m[2]) * 1_000 + 1_000 });
}
const upAt = (t: number): number => {
  for (const d of down) if (t >= d.from && t < d.to) return d.to;
  return t;
};
const interrupted = (r: Request): boolean => down.some((d) => r.start < d.to && r.end > d.from);

const reads = requests.filter((r) => r.method === 'GET' || r.method === 'HEAD');
const waited = (r: Request): number => r.end - r.start;
const calm = reads.filter((r) => !interrupted(r) && r.error === null).map(waited);
const usual = quantile(calm, 0.5);

const nightS = ((requests[requests.length - 1]?.end ?? first.start) - first.start) / 1000;
const lines = [
  `Requests: ${requests.length} (${reads.length} reads: GET, HEAD), night ${nightS.toFixed(0)} s, ${down.length} cuts or outages in the log.`,
  `Reads the link never interrupted: ${calm.length}, waited p50 ${usual} ms, p75 ${quantile(calm, 0.75)} ms, p95 ${quantile(calm, 0.95)} ms, max ${Math.max(0, ...calm)} ms.`,
  `Reads ended by an error (the policy's own retry follows): ${reads.filter((r) => r.error !== null).length}.`,
  '',
  '| hedge after | reads hedged | extra requests | reads a hedge would have ended sooner | saved s (sum) | saved s (max one) | saved / night |',
  '|---|---|---|---|---|---|---|',
];
for (const [name, q] of [
  ['p50', 0.5],
  ['p75', 0.75],
] as const) {
  const after = quantile(calm, q);
  let hedged = 0;
  let sooner = 0;
  let saved = 0;
  let most = 0;
  for (const r of reads) {
    if (waited(r) <= after) continue;
    hedged += 1;
    // A fresh connection: a handshake, then the request as usual, once the link is up.
    const hedgeEnd = upAt(r.start + after) + rttMs + usual;
    const gain = r.end - hedgeEnd;
    if (gain <= 0) continue;
    sooner += 1;
    saved += gain;
    most = Math.max(most, gain);
  }
  lines.push(
    `| ${name} (${after} ms) | ${hedged} | ${((100 * hedged) / Math.max(1, reads.length)).toFixed(1)} % of reads | ${sooner} | ${(saved / 1000).toFixed(1)} | ${(most / 1000).toFixed(1)} | ${((100 * saved) / 1000 / Math.max(1, nightS)).toFixed(2)} % |`,
  );
}
process.stdout.write(`${lines.join('\n')}\n`);
