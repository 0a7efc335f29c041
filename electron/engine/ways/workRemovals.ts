import { createHash } from 'node:crypto';
import { setMaxListeners } from 'node:events';
import type { Refused } from '../../../shared/retry/Outcome';
import { mayDelete } from '../../../shared/ways/mayDelete';
import { readManifestNightId } from '../buildManifest';
import { callPaged } from '../call/callPaged';
import { callPolicy } from '../call/callPolicy';
import type { EngineWiring } from '../EngineWiring';
import { withWaits } from '../pacer/withWaits';
import { newRunContext } from '../run/RunContext';
import type { RunContext } from '../run/RunContext';
import type { RemovalOutcome, RemovalRecord } from '../../store/RemovalRecord';
import type { Step } from '../StepOutcome';
import { ok } from '../StepOutcome';
import { uploadsListing } from '../upload/uploadsListing';
import { isAbort } from '../abortError';
import { linkedController } from '../linkedController';

/** Manifests are small: one larger than this at the night's own key is not its own. */
const MANIFEST_READ_MAX = 64 * 1024 * 1024;

/**
 * How a removal pass ended. `denied`: the server refused a DeleteObject (the key has no
 * `s3:DeleteObject`): the objects not yet removed are marked refused, never silently left.
 * `unavailable`: the credentials the objects were written with are no longer held.
 */
export type RemovalPass = {
  readonly ended: 'done' | 'denied' | 'unavailable' | 'stopped';
  /** The refusal, when `denied`: status and S3 code. */
  readonly refusal?: { readonly status: number; readonly code: string };
};

type One = Step<RemovalOutcome | { readonly denied: Refused }>;

const settleObject = async (run: RunContext, removal: RemovalRecord): Promise<One> => {
  const expected = removal.etag ?? '';
  const head = await callPolicy(run, undefined, `HeadObject ${removal.key}`, 'insistent', 0, (o) =>
    run.objects.headObject({ key: removal.key }, o),
  );
  if (head.kind === 'wait') return head;
  if (head.kind === 'refused')
    return head.failure.code === 'NoSuchBucket' ? ok('absent') : ok({ denied: head.failure });
  const decision = mayDelete(expected, head.value);
  if (decision !== 'delete') return ok(decision);
  return deleteKey(run, removal.key, expected);
};

const deleteKey = async (run: RunContext, key: string, etag: string): Promise<One> => {
  // The server's own If-Match where it honours it (AWS S3); radosgw 16 ignores it, and the
  // HeadObject just before is the check (the window left is written in ADR 0031).
  const quoted = `"${etag.replace(/"/g, '')}"`;
  const r = await callPolicy(run, undefined, `DeleteObject ${key}`, 'insistent', 0, (o) =>
    run.objects.deleteObject({ key, ifMatch: quoted }, o),
  );
  if (r.kind === 'wait') return r;
  if (r.kind === 'refused') {
    if (r.failure.status === 412) return ok('not-ours');
    return ok({ denied: r.failure });
  }
  return ok('removed');
};

const settleManifest = async (
  run: RunContext,
  removal: RemovalRecord,
  nightId: string,
): Promise<One> => {
  const got = await callPolicy(run, undefined, `GetObject ${removal.key}`, 'insistent', 0, (o) =>
    run.objects.getObject({ key: removal.key, maxBytes: MANIFEST_READ_MAX }, o),
  );
  if (got.kind === 'wait') return got;
  if (got.kind === 'refused')
    return got.failure.code === 'NoSuchBucket' ? ok('absent') : ok({ denied: got.failure });
  const read = got.value;
  if (read.kind === 'absent') return ok('absent');
  // Another object at the night's own key, never this night's: left alone.
  if (read.kind === 'too-large' || readManifestNightId(read.bytes) !== nightId)
    return ok('not-ours');
  // A manifest is one PUT: its ETag is the MD5 of the bytes just read.
  return deleteKey(run, removal.key, createHash('md5').update(read.bytes).digest('hex'));
};

const settleUpload = async (run: RunContext, removal: RemovalRecord): Promise<One> => {
  const uploadId = removal.uploadId;
  if (uploadId === null) return ok('absent');
  const r = await callPolicy(
    run,
    undefined,
    `AbortMultipartUpload ${removal.key}`,
    'insistent',
    0,
    (o) => run.objects.abortMultipartUpload({ key: removal.key, uploadId }, o),
  );
  if (r.kind === 'wait') return r;
  if (r.kind === 'refused')
    return r.failure.code === 'NoSuchUpload' || r.failure.status === 404
      ? ok('absent')
      : ok({ denied: r.failure });
  return ok('removed');
};

/** Uploads at a key whose id the plan never heard: every one open at that exact key. */
const settleUploadsAt = async (run: RunContext, removal: RemovalRecord): Promise<One> => {
  const listed = await callPaged(
    run,
    undefined,
    `ListMultipartUploads ${removal.key}`,
    'insistent',
    uploadsListing(),
    (marker, o) => run.objects.listUploadsPage({ prefix: removal.key, marker }, o),
  );
  if (listed.kind === 'wait') return listed;
  if (listed.kind === 'refused') return ok({ denied: listed.failure });
  const open = listed.value.filter((u) => u.key === removal.key);
  for (const up of open) {
    const r = await settleUpload(run, { ...removal, uploadId: up.uploadId });
    if (r.kind !== 'ok' || typeof r.value !== 'string') return r;
  }
  return ok(open.length === 0 ? 'absent' : 'removed');
};

const settle = (run: RunContext, removal: RemovalRecord, nightId: string): Promise<One> => {
  switch (removal.kind) {
    case 'object':
      return settleObject(run, removal);
    case 'manifest':
      return settleManifest(run, removal, nightId);
    case 'upload':
      return settleUpload(run, removal);
    case 'uploads-at':
      return settleUploadsAt(run, removal);
  }
};

/** The night's removals by the target they are at (a corrected night has two). */
const byTarget = (removals: readonly RemovalRecord[]): RemovalRecord[][] => {
  const groups = new Map<string, RemovalRecord[]>();
  for (const r of removals) {
    const id = JSON.stringify(r.target);
    groups.set(id, [...(groups.get(id) ?? []), r]);
  }
  return [...groups.values()];
};

/**
 * Takes back what the night queued for removal (issue 31), one request at a time through the
 * policy (a network trouble waits, as a deposit does), holding the plan's run lease: each object
 * only while the server still has the ETag the plan recorded, the night's manifest only when it
 * names the night, the uploads it opened. The first refused DeleteObject marks every object left
 * as refused (the same key would get the same answer), said with the refusal; uploads are still
 * aborted.
 */
export const workRemovals = async (
  engine: Pick<EngineWiring, 'ports' | 'hub' | 'runs' | 'lease' | 'storeOf'>,
  planId: number,
  signal: AbortSignal | undefined,
): Promise<RemovalPass> => {
  const { ports, hub, runs, lease, storeOf } = engine;
  const { store, settings } = ports;
  const plan = store.getPlan(planId);
  if (plan === undefined || store.pendingRemovals(planId).length === 0) return { ended: 'done' };
  lease.take(planId);
  const { controller, unlink } = linkedController(signal);
  setMaxListeners(4 * settings.concurrency + 16, controller.signal);
  const stopHeartbeat = lease.keepAlive(planId, () => controller.abort());
  let refusal: Refused | undefined;
  let uploadRefusal: Refused | undefined;
  let unavailable = false;
  try {
    for (const removals of byTarget(store.pendingRemovals(planId))) {
      const [first] = removals;
      if (first === undefined) continue;
      const objects = storeOf(first.target);
      if (objects === undefined) {
        unavailable = true;
        continue;
      }
      const run = newRunContext(ports, hub, {
        planId,
        objects,
        bucket: first.target.bucket,
        controller,
        concurrency: 1,
      });
      runs.set(planId, run);
      try {
        // Uploads first: they cost nothing to keep asking, and a refused delete stops the objects.
        const ordered = [
          ...removals.filter((r) => r.kind === 'upload' || r.kind === 'uploads-at'),
          ...removals.filter((r) => r.kind === 'object' || r.kind === 'manifest'),
        ];
        for (const removal of ordered) {
          const isObject = removal.kind === 'object' || removal.kind === 'manifest';
          if (isObject && refusal !== undefined) {
            store.setRemovalOutcome(removal.id, 'denied');
            continue;
          }
          const step = await withWaits(run, undefined, () => settle(run, removal, plan.nightId));
          if (step.kind !== 'ok') continue;
          if (typeof step.value === 'string') store.setRemovalOutcome(removal.id, step.value);
          else {
            store.setRemovalOutcome(removal.id, 'denied');
            // A refused abort leaves an upload open (said too); a refused delete stops the objects.
            if (isObject) refusal = step.value.denied;
            else uploadRefusal ??= step.value.denied;
          }
        }
      } finally {
        runs.delete(planId);
      }
    }
  } catch (error) {
    if (isAbort(error) || controller.signal.aborted) return { ended: 'stopped' };
    throw error;
  } finally {
    stopHeartbeat();
    lease.release(planId);
    unlink();
  }
  const refused = refusal ?? uploadRefusal;
  if (refused !== undefined)
    return { ended: 'denied', refusal: { status: refused.status, code: refused.code ?? '' } };
  return { ended: unavailable ? 'unavailable' : 'done' };
};
