import { createHash } from 'node:crypto';
import { PutObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { RetryPolicy } from '../../shared/retry/RetryPolicy';
import { systemClock } from '../../electron/runtime/systemClock';
import { systemRandom } from '../../electron/runtime/systemRandom';
import { timerSleeper } from '../../electron/runtime/timerSleeper';
import { S3ObjectStore } from '../../electron/s3/S3ObjectStore';
import { fault, s3Request, startFaultProxy, type FaultProxy } from '../../test/support/faultProxy';
import type { AmplificationResult } from '../BenchResults';
import { startCountingRelay, type CountingRelay } from './countingRelay';

export type AmplificationOptions = {
  /** The real S3 server behind the fault proxies (reachable from this namespace, unshaped). */
  readonly target: string;
  readonly region: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly bucket: string;
  /** One deposit every this many ms, whatever happens (an open-loop steady stream). */
  readonly intervalMs: number;
  readonly healthyS: number;
  readonly windowS: number;
  readonly recoveryS: number;
  readonly log: (line: string) => void;
};

type Client = 'depot' | 'aws-sdk-default';
type Mode = '503' | 'unreachable';

const BODY = new Uint8Array(16 * 1024).fill(0x42);
const MD5 = createHash('md5').update(BODY).digest('base64');
const BURST = 20;

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

/**
 * Issue 5, measure 3: the same steady stream of small deposits, once through Depot's retry layer
 * (RetryPolicy + S3ObjectStore, budget and breaker as shipped) and once through an S3Client with
 * the SDK's default retries, while the endpoint answers 503 or is unreachable for a long window.
 * Each client has its own fault proxy; the proxy's log is what "the endpoint received".
 */
export const measureAmplification = async (
  o: AmplificationOptions,
): Promise<AmplificationResult[]> => {
  const setups: {
    client: Client;
    mode: Mode;
    proxy: FaultProxy;
    relay: CountingRelay;
    endpoint: string;
  }[] = [];
  for (const mode of ['503', 'unreachable'] as const) {
    for (const client of ['depot', 'aws-sdk-default'] as const) {
      const proxy = await startFaultProxy({ target: o.target });
      const relay = await startCountingRelay(proxy.port);
      setups.push({
        client,
        mode,
        proxy,
        relay,
        endpoint: mode === '503' ? proxy.endpoint : relay.endpoint,
      });
    }
  }
  const credentials = { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey };
  const outcomes = new Map<string, { ok: number; failed: number }>();
  const stop = { now: false };
  const inflight = new Set<Promise<unknown>>();

  const senders = setups.map((s) => {
    const tally = { ok: 0, failed: 0 };
    outcomes.set(`${s.client}/${s.mode}`, tally);
    const count = (p: Promise<boolean>): void => {
      const tracked = p
        .then((ok) => (ok ? tally.ok++ : tally.failed++))
        .finally(() => inflight.delete(tracked));
      inflight.add(tracked);
    };
    if (s.client === 'aws-sdk-default') {
      // The SDK as most code uses it: default retry strategy (standard, 3 attempts).
      const sdk = new S3Client({
        endpoint: s.endpoint,
        region: o.region,
        forcePathStyle: true,
        credentials,
        requestChecksumCalculation: 'WHEN_REQUIRED',
      });
      return {
        send: (n: number) =>
          count(
            sdk
              .send(
                new PutObjectCommand({
                  Bucket: o.bucket,
                  Key: `amp/sdk-${s.mode}/${n}`,
                  Body: BODY,
                  ContentMD5: MD5,
                }),
              )
              .then(
                () => true,
                () => false,
              ),
          ),
        close: () => sdk.destroy(),
      };
    }
    const store = new S3ObjectStore({
      endpoint: s.endpoint,
      region: o.region,
      bucket: o.bucket,
      credentials,
      forcePathStyle: true,
    });
    const policy = new RetryPolicy({
      clock: systemClock,
      sleeper: timerSleeper,
      random: systemRandom,
    });
    return {
      send: (n: number) =>
        count(
          policy
            .run(
              {
                endpoint: s.endpoint,
                profile: 'insistent',
                deadline: Date.now() + 120_000,
                operation: 'PutObject',
              },
              (ctx) =>
                store.putObject(
                  {
                    key: `amp/depot-${s.mode}/${n}`,
                    body: { kind: 'bytes', bytes: BODY },
                    md5Base64: MD5,
                    metadata: {},
                    ifNoneMatch: false,
                  },
                  {
                    deadline: ctx.deadline,
                    ...(ctx.signal === undefined ? {} : { signal: ctx.signal }),
                  },
                ),
            )
            .then((r) => r.kind === 'success'),
        ),
      close: () => store.destroy(),
    };
  });

  const stream = (async () => {
    for (let n = 0; !stop.now; n++) {
      for (const sender of senders) sender.send(n);
      await sleep(o.intervalMs);
    }
  })();

  const t0 = Date.now();
  o.log(
    `  amplification: ${o.healthyS} s healthy, ${o.windowS} s outage, ${o.recoveryS} s recovery`,
  );
  await sleep(o.healthyS * 1000);
  const windowStart = Date.now();
  for (const s of setups) {
    if (s.mode === '503') {
      s.proxy.addRule({
        match: s3Request.any,
        action: fault.status(503, { code: 'ServiceUnavailable', message: 'Service Unavailable' }),
        times: Infinity,
      });
    } else s.relay.setDown(true);
  }
  await sleep(o.windowS * 1000);
  const windowEnd = Date.now();
  for (const s of setups) {
    s.proxy.clearRules();
    if (s.mode === 'unreachable') s.relay.setDown(false);
  }
  await sleep(o.recoveryS * 1000);
  stop.now = true;
  await stream;
  // Calls still retrying (deadlines are bounded) must not outlive the proxies.
  await Promise.race([Promise.allSettled([...inflight]), sleep(130_000)]);

  const results: AmplificationResult[] = [];
  for (const s of setups) {
    const log = s.proxy.log();
    // Nominal: what the endpoint received per minute while healthy (first attempts all succeed).
    const healthy = log.filter((e) => e.time >= t0 + 2_000 && e.time < windowStart).length;
    const nominalPerMin = (healthy / Math.max(1, windowStart - t0 - 2_000)) * 60_000;
    // While unreachable nothing reaches the proxy: count connection attempts at the relay.
    const received = s.mode === '503' ? log.map((e) => e.time) : s.relay.connections();
    const inWindow = received.filter((t) => t >= windowStart && t < windowEnd);
    const minutes = Math.ceil((windowEnd - windowStart) / 60_000);
    const perMinute = Array.from(
      { length: minutes },
      (_, m) =>
        inWindow.filter((t) => t >= windowStart + m * 60_000 && t < windowStart + (m + 1) * 60_000)
          .length,
    );
    const windowMin = (windowEnd - windowStart) / 60_000;
    const perMinInWindow = inWindow.length / windowMin;
    const tally = outcomes.get(`${s.client}/${s.mode}`) ?? { ok: 0, failed: 0 };
    results.push({
      client: s.client,
      mode: s.mode,
      nominalPerMin,
      windowS: (windowEnd - windowStart) / 1000,
      requestsInWindow: inWindow.length,
      perMinInWindow,
      ratio: perMinInWindow / nominalPerMin,
      allowed: 1.1 * nominalPerMin * windowMin + BURST,
      perMinute,
      note: `${tally.ok} deposits succeeded, ${tally.failed} given up`,
    });
    await s.relay.close();
    await s.proxy.close();
  }
  for (const sender of senders) sender.close();
  return results;
};
