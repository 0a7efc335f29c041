import type { EngineSettings } from '../../electron/engine/EngineSettings';
import { TokenBucket } from '../../electron/engine/TokenBucket';
import type { Random } from '../../shared/ports/Random';
import { success, type Failure, type Outcome } from '../../shared/retry/Outcome';
import { holdAfterGiveUp, paceAfterGiveUp } from '../../shared/retry/paceAfterGiveUp';
import type { AttemptContext, ProfileName } from '../../shared/retry/RetryCall';
import type { FleetServer } from './FleetServer';
import type { RetryLayer } from './RetryLayer';
import type { Prober } from '../../shared/retry/RetryPolicy';
import type { VirtualScheduler } from './VirtualScheduler';
import type { EmissionGate } from './congestionGate';
import type { FleetTally } from './FleetTally';
import type { WindowSignal } from './congestionWindow';

export type ClientNight = {
  /** Epoch ms at which the volunteer plugs in and starts the deposit. */
  readonly startAt: number;
  readonly sizes: readonly number[];
};

export type ClientResult = {
  readonly startAt: number;
  readonly verifiedAt: number;
  readonly requests: number;
  readonly firstAttempts: number;
  readonly retries: number;
  /** The most retries the layer allows for those first attempts. */
  readonly retryBound: number;
  /** Writes sent again although the server already held them (seed 003 forbids any). */
  readonly replayedWrites: number;
};

export type ClientDeps = {
  readonly time: VirtualScheduler;
  readonly server: FleetServer;
  /**
   * The client's retry layer, given the engine's cheap probe (a HeadBucket through this client's
   * transport), and the random the engine paces with.
   */
  readonly layerFor: (probe: Prober) => {
    readonly layer: RetryLayer;
    readonly random: Random;
    /** A congestion window around each emission but the breaker's probe (variant depot-aimd). */
    readonly gate?: EmissionGate;
  };
  readonly endpoint: string;
  readonly engine: EngineSettings;
  /** The volunteer's uplink, shared by the engine's slots. */
  readonly linkBytesPerS: number;
  readonly manifestBytes: number;
  /** Where each call given up is counted, by reason. */
  readonly tally?: FleetTally;
  /**
   * `depot deposit --bwlimit` on loopback (the check against reality): the engine's TokenBucket
   * paces each attempt's body before the request goes (the first read before the endpoint's hold,
   * as emitPart), which then reaches the server at once, body and all, refused or not; and the
   * command checks the endpoint before planning.
   */
  readonly cliOnLoopback?: boolean;
};

type Unit = {
  readonly size: number;
  readonly parts: number;
  /** A Create was sent (DepositEngine's createStarted): resuming looks for its upload first. */
  createStarted: boolean;
  /** The server created the upload (the client knows it once an answer or a listing says so). */
  createLanded: boolean;
  created: boolean;
  /** Parts acknowledged in a row from the first, those acknowledged, and those the server holds
   * (a lost reply's part too). */
  partsDone: number;
  readonly partsAcked: Set<number>;
  readonly partsLanded: Set<number>;
  /** The object is at its key on the server (a PUT or a Complete acted, answered or not). */
  landed: boolean;
  uploaded: boolean;
  /** A write of this unit may have acted without a reply: its next step asks the server. */
  unsettled: boolean;
  notBefore: number;
};

/** What a write's options are in DepositEngine.call: whether a lost reply may have acted. */
type CallOptions = {
  readonly unit?: Unit;
  readonly write?: boolean;
  readonly alwaysActed?: boolean;
  readonly reconciles?: boolean;
  /** Told when the server does the request (admitted), whether or not its reply arrives. */
  readonly onActed?: () => void;
  /** If-None-Match: whether the key is still free when the server takes the request (else 412). */
  readonly precondition?: () => boolean;
  /** The server already holds what this write would store (counted as a replay if sent). */
  readonly landed?: () => boolean;
};

/**
 * The engine's first read of a body under --bwlimit: in chunks of 256 KiB (readPart), so parts
 * read side by side share the cap.
 */
const readFirst = async (bucket: TokenBucket, bytes: number): Promise<void> => {
  for (let done = 0; done < bytes; done += READ_CHUNK) {
    await bucket.take(Math.min(READ_CHUNK, bytes - done));
  }
};

const READ_CHUNK = 256 * 1024;

/** DepositEngine's MustWait: a transient give-up, to wait out (never a failure). */
class MustWait extends Error {
  constructor(
    readonly notBefore: number,
    readonly network: boolean,
  ) {
    super('must wait');
  }
}

/**
 * One volunteer's Depot in virtual time: the engine's loop (concurrency slots, the night's
 * listing before the plan, single PUTs and multipart uploads, the manifest at the end) with the engine's
 * waiting rules as DepositEngine has them (`call`, `withWaits`, `pace`, the endpoint hold,
 * deferral past `deferAfterMs`, waiting on the breaker while the network is gone). The pacing
 * itself is shared/retry/paceAfterGiveUp, the code DepositEngine runs. Parts of one file go one
 * after the other in the worker that took it (the engine spreads them on idle slots: same
 * requests, same bytes).
 */
export const runFleetClient = async (night: ClientNight, d: ClientDeps): Promise<ClientResult> => {
  const { time, server, engine } = d;
  const rttHalf = server.settings.rttMs / 2;
  const slotBytesPerMs = d.linkBytesPerS / engine.concurrency / 1000;
  const bwlimit =
    d.cliOnLoopback === true ? new TokenBucket(d.linkBytesPerS, time, time) : undefined;
  let requests = 0;
  let replayedWrites = 0;
  let holdUntil = 0;
  /** Slots given up by workers with nothing left to take, for a multipart file's parts. */
  let idleSlots = 0;
  /** Multipart files in flight, told when a slot is given up (StreamSlots.onFree). */
  const slotListeners = new Set<() => void>();
  const slotFreed = (): void => {
    idleSlots += 1;
    for (const listener of [...slotListeners]) listener();
  };
  let consecutiveGiveUps = 0;

  /** One emission: what the server makes of it, as the transport would classify it. */
  const emit = async (
    operation: string,
    bytes: number,
    ctx: AttemptContext,
    opts: CallOptions,
    tell: (signal: WindowSignal) => void,
  ): Promise<Outcome<undefined>> => {
    // A retry's body is taken whole from the cap (DepositEngine's send); the first one was read
    // before the call (`call`).
    if (bwlimit !== undefined && bytes > 0 && ctx.attempt > 1) await bwlimit.take(bytes);
    const sentAt = time.now();
    requests += 1;
    if (opts.landed?.() === true) replayedWrites += 1;
    server.receive(sentAt, operation.split(' ')[0]);
    const timeout = async (): Promise<Outcome<undefined>> => {
      await time.sleep(Math.max(0, ctx.deadline - time.now()));
      tell({ kind: 'congested', sentAt });
      return { kind: 'unreachable', reason: 'timeout' };
    };
    // Down or refusing, the server answers on the request line: no body goes out.
    if (server.phase(sentAt) === 'up' || bwlimit !== undefined) {
      // Paced already, the body goes at loopback speed.
      const bodyMs = rttHalf + (bwlimit === undefined ? bytes / slotBytesPerMs : 0);
      if (sentAt + bodyMs > ctx.deadline) return timeout();
      await time.sleep(bodyMs);
    }
    const admission = server.admit(time.now());
    if (admission.kind === 'unreachable') {
      await time.sleep(rttHalf);
      return { kind: 'unreachable', reason: 'connection-refused' };
    }
    if (admission.kind === 'refused') {
      await time.sleep(rttHalf);
      tell({ kind: 'congested', sentAt });
      return {
        kind: 'refused',
        status: 503,
        code: admission.code,
        ...(admission.retryAfterMs === undefined ? {} : { retryAfterMs: admission.retryAfterMs }),
      };
    }
    if (opts.precondition?.() === false) {
      await time.sleep(admission.doneAt + rttHalf - time.now());
      return { kind: 'refused', status: 412, code: 'PreconditionFailed' };
    }
    opts.onActed?.();
    const answerAt = admission.doneAt + rttHalf;
    if (answerAt > ctx.deadline) return timeout();
    const bodyInAt = time.now();
    await time.sleep(answerAt - time.now());
    tell({ kind: 'answered', sentAt, serverMs: time.now() - bodyInAt });
    server.delivered(time.now(), bytes);
    return success(undefined);
  };

  // The breaker's probe is not held by the window: it is what closes the circuit.
  const { layer, random, gate } = d.layerFor((ctx) =>
    emit('HeadBucket', 0, ctx, {}, () => undefined),
  );

  /** One emission through the congestion window, if the variant has one. */
  const transport = async (
    operation: string,
    bytes: number,
    ctx: AttemptContext,
    opts: CallOptions = {},
  ): Promise<Outcome<undefined>> => {
    if (gate === undefined) return emit(operation, bytes, ctx, opts, () => undefined);
    await gate.acquire();
    let signal: WindowSignal | undefined;
    try {
      return await emit(operation, bytes, ctx, opts, (s) => {
        signal = s;
      });
    } finally {
      gate.release(signal, time.now());
    }
  };

  /**
   * DepositEngine.call: the hold, a deadline sized to the body, a write never replayed after a
   * reply that may have acted (the unit is then unsettled), the pace after a give-up. A refusal
   * that is not retryable (412) is the caller's to read.
   */
  const call = async (
    operation: string,
    profile: ProfileName,
    bytes: number,
    opts: CallOptions = {},
  ): Promise<'ok' | 'refused'> => {
    // emitPart reads the body (paced by the cap) before callPolicy waits out the endpoint's hold:
    // a call held after a give-up goes the moment the hold ends, its body ready.
    if (bwlimit !== undefined && bytes > 0) await readFirst(bwlimit, bytes);
    while (holdUntil > time.now()) await time.sleep(holdUntil - time.now());
    const deadline =
      time.now() +
      engine.callTimeoutMs +
      Math.ceil((bytes * 1000) / engine.minThroughputBytesPerSec);
    const acted = (failure: Failure): boolean =>
      opts.alwaysActed === true ||
      (failure.kind === 'unreachable' &&
        failure.reason !== 'connection-refused' &&
        failure.reason !== 'dns' &&
        failure.reason !== 'no-route');
    const result = await layer.run(
      {
        endpoint: d.endpoint,
        profile,
        deadline,
        operation,
        ...(opts.reconciles === true ? { reconciles: true } : {}),
        ...(opts.write === true ? { mayReplay: (f: Failure) => !acted(f) } : {}),
      },
      (ctx) => transport(operation, bytes, ctx, opts),
    );
    if (result.kind === 'success') {
      consecutiveGiveUps = 0;
      if (opts.unit !== undefined) opts.unit.unsettled = false;
      return 'ok';
    }
    d.tally?.gaveUp(time.now(), result.reason);
    if (result.last?.kind === 'refused' && result.reason === 'not-retryable') return 'refused';
    if (
      opts.write === true &&
      opts.unit !== undefined &&
      result.last !== undefined &&
      acted(result.last)
    ) {
      opts.unit.unsettled = true;
    }
    const now = time.now();
    const network = result.reason === 'circuit-open' || result.last?.kind === 'unreachable';
    const paced = paceAfterGiveUp(engine, consecutiveGiveUps, random.next());
    consecutiveGiveUps = paced.consecutiveGiveUps;
    const notBefore = Math.max(result.notBefore ?? 0, now + paced.delayMs);
    holdUntil = holdAfterGiveUp(engine, holdUntil, { notBefore, network }, now);
    throw new MustWait(notBefore, network);
  };

  /** DepositEngine.withWaits: wait for the breaker, sleep a short wait, defer a long one. */
  const withWaits = async (unit: Unit | undefined, step: () => Promise<void>): Promise<boolean> => {
    for (;;) {
      try {
        await step();
        return true;
      } catch (error) {
        if (!(error instanceof MustWait)) throw error;
        if (error.network && layer.circuitOpen()) {
          await layer.whenAvailable();
          continue;
        }
        const wait = error.notBefore - time.now();
        if (unit !== undefined && wait > engine.deferAfterMs) {
          unit.notBefore = error.notBefore;
          return false;
        }
        if (wait > 0) await time.sleep(wait);
      }
    }
  };

  /** DepositEngine.head: a look at the key; `reconciles` when it settles a lost reply. */
  const head = (reconciles: boolean): Promise<'ok' | 'refused'> =>
    call('HeadObject', 'brief', 0, reconciles ? { reconciles } : {});

  // The requests DepositEngine (issue 11, ADR 0017) sends for one file. The run's listing says
  // the key is free, so a fresh file costs no look. A single PUT is proved by its own ETag; a
  // multipart file is Create, its parts, a look before Complete (radosgw ignores If-None-Match
  // there), Complete, and a HeadObject for the ETag radosgw leaves out of Complete's answer. A
  // write whose reply was lost is not replayed: the next step asks the server (HeadObject,
  // ListMultipartUploads, ListParts), paid by the budget like a retry.
  const depositSingle = async (u: Unit): Promise<void> => {
    if (u.uploaded) return;
    if (u.unsettled) {
      await head(true);
      u.unsettled = false;
      if (u.landed) {
        u.uploaded = true;
        return;
      }
    }
    await call('PutObject', 'insistent', u.size, {
      unit: u,
      write: true,
      landed: () => u.landed,
      onActed: () => {
        u.landed = true;
      },
    });
    u.uploaded = true;
  };

  const depositMultipart = async (u: Unit): Promise<void> => {
    if (u.uploaded) return;
    if (!u.created) {
      if (u.createStarted) {
        await call('ListMultipartUploads', 'brief', 0, {
          unit: u,
          ...(u.unsettled ? { reconciles: true } : {}),
        });
        u.created = u.createLanded;
      }
      if (!u.created) {
        u.createStarted = true;
        await call('CreateMultipartUpload', 'insistent', 0, {
          unit: u,
          write: true,
          onActed: () => {
            u.createLanded = true;
          },
        });
        u.created = true;
      }
    } else {
      await call('ListParts', 'brief', 0, {
        unit: u,
        ...(u.unsettled ? { reconciles: true } : {}),
      });
      if (u.landed) {
        // NoSuchUpload: a Complete of ours acted without a reply; the object says so.
        await head(false);
        u.uploaded = true;
        return;
      }
      // ListParts says what the server holds: those count as sent, the rest go again.
      u.partsAcked.clear();
      for (const n of u.partsLanded) u.partsAcked.add(n);
      u.partsDone = 0;
      while (u.partsAcked.has(u.partsDone + 1)) u.partsDone += 1;
    }
    // ADR 0009: the file's own slot, plus slots no worker needs (a worker with nothing left to
    // take gives its slot up), each sending the next part not yet acknowledged.
    const inFlight = new Set<number>();
    let failure: Error | undefined;
    // sendParts: the first trouble stops new parts; those on the wire finish.
    const nextPart = (): number | undefined => {
      if (failure !== undefined) return undefined;
      for (let n = u.partsDone + 1; n <= u.parts; n++) {
        if (!u.partsAcked.has(n) && !inFlight.has(n)) return n;
      }
      return undefined;
    };
    const lanes: Promise<void>[] = [];
    // Handled as soon as it exists: a borrowed lane may fail while the first is still awaited.
    const settle = (p: Promise<void>): Promise<void> =>
      p.catch((error: unknown) => {
        failure ??= error instanceof Error ? error : new Error(String(error));
      });
    // More parts than lanes: borrow the slots other workers gave up, when this file takes a part
    // and whenever one is given up while its parts are on the wire (sendParts' onFree).
    const borrow = (): void => {
      while (
        failure === undefined &&
        idleSlots > 0 &&
        u.parts - u.partsAcked.size - inFlight.size > 0
      ) {
        idleSlots -= 1;
        lanes.push(settle(lane(true)));
      }
    };
    const lane = async (borrowed: boolean): Promise<void> => {
      try {
        for (let n = nextPart(); n !== undefined; n = nextPart()) {
          const part = n;
          inFlight.add(part);
          borrow();
          const bytes = Math.min(engine.partSize, u.size - (part - 1) * engine.partSize);
          try {
            await call(`UploadPart ${part}`, 'insistent', bytes, {
              unit: u,
              write: true,
              landed: () => u.partsLanded.has(part),
              onActed: () => {
                u.partsLanded.add(part);
              },
            });
          } finally {
            inFlight.delete(part);
          }
          u.partsAcked.add(part);
          while (u.partsAcked.has(u.partsDone + 1)) u.partsDone += 1;
        }
      } finally {
        // Handed back once the file has no part left for it.
        if (borrowed) slotFreed();
      }
    };
    slotListeners.add(borrow);
    const own = settle(lane(false));
    lanes.push(own);
    // Borrowing stops when the file's own lane ends; the others' parts are then answered.
    await own;
    slotListeners.delete(borrow);
    for (let i = 0; i < lanes.length; i++) await lanes[i];
    if (failure !== undefined) throw failure;
    await head(u.unsettled);
    await call('CompleteMultipartUpload', 'insistent', 0, {
      unit: u,
      write: true,
      alwaysActed: true,
      onActed: () => {
        u.landed = true;
      },
    });
    // Until this look answers, the upload is open for the engine: a resume lists its parts first.
    await head(false);
    u.uploaded = true;
  };

  const deposit = (u: Unit): Promise<void> =>
    u.parts === 0 ? depositSingle(u) : depositMultipart(u);

  const units: Unit[] = night.sizes.map((size) => ({
    size,
    parts: size >= engine.multipartThreshold ? Math.ceil(size / engine.partSize) : 0,
    createStarted: false,
    createLanded: false,
    created: false,
    partsDone: 0,
    partsAcked: new Set<number>(),
    partsLanded: new Set<number>(),
    landed: false,
    uploaded: false,
    unsettled: false,
    notBefore: 0,
  }));
  let next = 0;
  const deferred: Unit[] = [];
  // PlanStore.nextUnit: pending first, then a deferred unit whose time has come.
  const take = (): Unit | undefined => {
    if (next < units.length) return units[next++];
    const now = time.now();
    const i = deferred.findIndex((u) => u.notBefore <= now);
    return i < 0 ? undefined : deferred.splice(i, 1)[0];
  };
  const worker = async (): Promise<void> => {
    for (;;) {
      const u = take();
      if (u !== undefined) {
        if (!(await withWaits(u, () => deposit(u)))) deferred.push(u);
        continue;
      }
      if (deferred.length === 0) {
        slotFreed();
        return;
      }
      const soonest = Math.min(...deferred.map((x) => x.notBefore));
      await time.sleep(Math.max(0, soonest - time.now()));
    }
  };

  await time.sleep(night.startAt - time.now());
  if (d.cliOnLoopback === true) {
    // depot deposit's probe (one ListObjectsV2, max-keys 0, no retry), then the engine's
    // checkEndpoint (HeadBucket), before planning.
    await transport('ListObjectsV2', 0, {
      attempt: 1,
      deadline: time.now() + engine.callTimeoutMs,
    });
    await withWaits(undefined, async () => {
      await call('HeadBucket', 'brief', 0);
    });
  }
  // DepositEngine.runPlan: the night's prefix listed before the first payload byte.
  await withWaits(undefined, async () => {
    await call('ListObjectsV2', 'insistent', 0);
  });
  await Promise.all(Array.from({ length: engine.concurrency }, () => worker()));
  // DepositEngine.finish: the sweep of open uploads and the manifest (If-None-Match), side by
  // side. A manifest PUT replayed after a lost reply meets its own object: 412, then a GET that
  // finds this night's manifest.
  let manifestLanded = false;
  await Promise.all([
    withWaits(undefined, async () => {
      await call('ListMultipartUploads', 'brief', 0);
    }),
    withWaits(undefined, async () => {
      const r = await call('PutObject manifest', 'insistent', d.manifestBytes, {
        precondition: () => !manifestLanded,
        onActed: () => {
          manifestLanded = true;
        },
      });
      if (r === 'refused') await call('GetObject manifest', 'insistent', 0);
    }),
  ]);
  const r = layer.retries();
  return {
    startAt: night.startAt,
    verifiedAt: time.now(),
    requests,
    firstAttempts: r.firstAttempts,
    retries: r.retries,
    retryBound: r.bound,
    replayedWrites,
  };
};
