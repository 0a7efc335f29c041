import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { makeNight } from '../night';
import { requestKind, type RequestKind } from '../requests/RequestKind';
import type { ServerRequest } from '../requests/ServerRequest';
import type { ServerSide } from '../s3/ServerSide';
import type { Tool } from '../tools/Tool';
import { type Cleanup, killGroup } from './Cleanup';
import { type LinkLab, MSS_BYTES } from './LinkLab';

/** One link-up while a tool was sending. */
export type LinkUpCut = {
  /** ms from link-up to more than two full segments on the wire; null: none within 60 s. */
  readonly payloadMs: number | null;
  /** The first request the server received after the link-up, and how long after it (ms). */
  readonly firstRequest: { readonly kind: RequestKind; readonly ms: number } | null;
  /**
   * The first payload request (an UploadPart: this night is of large files) that started after
   * the link-up (issue 29's target);
   * null: none before the next cut (the requests in flight carried the payload on).
   * Optional: results written before it was measured lack it.
   */
  readonly firstPayload?: { readonly kind: RequestKind; readonly ms: number } | null;
};

/** One tool's link-ups after cuts of one length. */
export type LinkUpResult = {
  readonly tool: string;
  readonly downS: number;
  readonly cuts: readonly LinkUpCut[];
  readonly medianMs: number | null;
  readonly maxMs: number | null;
};

export type MeasuredTool = { readonly name: string; readonly tool: Tool };

export type LinkUpOptions = {
  readonly lab: LinkLab;
  readonly server: ServerSide;
  readonly tools: readonly MeasuredTool[];
  readonly workDir: string;
  readonly cuts: number;
  /** One run per tool for each cut length, in seconds. */
  readonly downS: readonly number[];
  readonly cleanup: Cleanup;
  readonly log: (line: string) => void;
};

const PAYLOAD_WAIT_MS = 60_000;
/** radosgw stamps a request with its coarse clock, up to a tick (1-4 ms) behind ours. */
const COARSE_CLOCK_MS = 10;

/**
 * Bytes sent by the network namespace `pid` lives in (its interfaces but loopback), read from
 * /proc without spawning anything: `lab.counters()` spawns two commands, 30-280 ms each on this
 * shared machine, which made the sampling, not the tool, set the figure.
 */
const txBytesOf = (pid: number): number | undefined => {
  try {
    return readFileSync(`/proc/${pid}/net/dev`, 'utf8')
      .split('\n')
      .slice(2)
      .map((line) => line.trim().split(/[:\s]+/))
      .filter(([name]) => name !== undefined && name !== '' && name !== 'lo')
      .reduce((sum, fields) => sum + Number(fields[9] ?? 0), 0);
  } catch {
    return undefined;
  }
};

/**
 * Issue 15's and 29's link-up delay: each tool deposits a night of large files (90 MB, longer
 * than the cuts) over the lab's link; the link is cut (`ip link set down`: no route) several times
 * while it sends, and the client side's transmitted bytes are sampled every 10 ms after each
 * link-up: the delay is the first sample by which more than two full segments (payload, not a
 * handshake or a probe) went out. radosgw's access log tells which request came first.
 */
export const measureLinkUpDelays = async (o: LinkUpOptions): Promise<LinkUpResult[]> => {
  const night = await makeNight(join(o.workDir, 'linkup-night'), {
    files: 6,
    totalBytes: 90e6,
    seed: 15,
    sizes: 'large',
  });
  const results: LinkUpResult[] = [];
  for (const downS of o.downS) {
    for (const { name, tool } of o.tools) {
      const label = `linkup-${name}-${downS}s`;
      const stateDir = join(o.workDir, label);
      mkdirSync(stateDir, { recursive: true });
      const { argv, env } = tool.command({
        endpoint: o.server.endpoint,
        region: o.server.region,
        accessKeyId: o.server.accessKeyId,
        secretAccessKey: o.server.secretAccessKey,
        bucket: o.server.bucket,
        prefix: `${label}/`,
        nightDir: night.dir,
        stateDir,
      });
      const logMark = o.server.requests?.mark();
      const out = openSync(join(stateDir, 'out.txt'), 'w');
      const child = spawn('ip', ['netns', 'exec', o.lab.clientNs, ...argv], {
        detached: true,
        stdio: ['ignore', out, out],
        env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
      });
      closeSync(out);
      const unregister = o.cleanup.add(`${label} ${child.pid}`, () => killGroup(child.pid));
      let exited = false;
      child.once('exit', () => (exited = true));
      // `ip netns exec` execs the tool: its PID is inside the client's namespace.
      const txBytes = (): number => txBytesOf(child.pid ?? 0) ?? o.lab.counters().txBytes;
      const measured: { payloadMs: number | null; upAtMs: number; nextDownMs: number }[] = [];
      await sleep(8_000);
      for (let i = 0; i < o.cuts && !exited; i++) {
        const last = measured[measured.length - 1];
        if (last !== undefined) last.nextDownMs = Date.now();
        o.lab.setLink(false);
        await sleep(downS * 1000);
        const before = txBytes();
        o.lab.setLink(true);
        const upAtMs = Date.now();
        const upAt = performance.now();
        let payloadMs: number | null = null;
        while (performance.now() - upAt < PAYLOAD_WAIT_MS && !exited) {
          if (txBytes() - before > 2 * MSS_BYTES) {
            payloadMs = performance.now() - upAt;
            break;
          }
          await sleep(10);
        }
        measured.push({ payloadMs, upAtMs, nextDownMs: Infinity });
        o.log(
          `${name}: ${downS} s cut ${i + 1}: payload again ${payloadMs === null ? 'never' : `${payloadMs.toFixed(0)} ms`} after link-up`,
        );
        await sleep(4_000);
      }
      const last = measured[measured.length - 1];
      if (last !== undefined) last.nextDownMs = Date.now();
      killGroup(child.pid);
      unregister();
      const logged = logMark === undefined ? undefined : await o.server.requests?.since(logMark);
      const own = (logged ?? []).filter((r) => r.remote === o.lab.clientAddr);
      const cuts = measured.map(({ payloadMs, upAtMs, nextDownMs }) => ({
        payloadMs,
        firstRequest:
          logged === undefined ? null : firstAfter(own, upAtMs, nextDownMs, o.server.bucket),
        firstPayload:
          logged === undefined
            ? null
            : firstAfter(own, upAtMs, nextDownMs, o.server.bucket, isPayload(o.server.bucket)),
      }));
      const ok = cuts.flatMap((c) => (c.payloadMs === null ? [] : [c.payloadMs]));
      ok.sort((a, b) => a - b);
      results.push({
        tool: name,
        downS,
        cuts,
        medianMs:
          ok.length === cuts.length && ok.length > 0
            ? (ok[Math.floor(ok.length / 2)] ?? null)
            : null,
        maxMs: ok.length === cuts.length && ok.length > 0 ? (ok[ok.length - 1] ?? null) : null,
      });
      await o.server.purge(`${label}/`);
    }
  }
  return results;
};

/**
 * A request that carried payload. This part's night is of large files only, sent multipart by
 * every tool: its payload requests are UploadParts; a PutObject there is a placeholder or a
 * manifest (radosgw's log gives the bytes it sent, not those it received, so size cannot tell).
 */
const isPayload =
  (bucket: string) =>
  (r: ServerRequest): boolean =>
    requestKind(r.method, r.target, bucket) === 'UploadPart';

/**
 * The first request (`which`: of a kind) that started while the link was up again, before the
 * next cut or the end.
 */
const firstAfter = (
  requests: readonly ServerRequest[],
  upAtMs: number,
  nextDownMs: number,
  bucket: string,
  which: (r: ServerRequest) => boolean = () => true,
): LinkUpCut['firstRequest'] => {
  // Nothing reaches the server while the link is down: whatever starts after it went up came after.
  const first = requests
    .filter((r) => r.startMs >= upAtMs - COARSE_CLOCK_MS && r.startMs < nextDownMs && which(r))
    .sort((a, b) => a.startMs - b.startMs)[0];
  return first === undefined
    ? null
    : {
        kind: requestKind(first.method, first.target, bucket),
        ms: Math.max(0, first.startMs - upAtMs),
      };
};
