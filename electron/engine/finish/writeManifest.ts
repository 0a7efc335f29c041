import { createHash } from 'node:crypto';
import { bareEtag } from '../../../shared/wire/proveSameContent';
import { nightManifestKey } from '../../../shared/wire/nightManifestKey';
import { buildManifest, manifestFilesOf, readManifestNightId } from '../buildManifest';
import { callPolicy } from '../call/callPolicy';
import { causeOfRefusal } from '../../../shared/engine/causeOfRefusal';
import { blockRun } from '../run/blockRun';
import type { RunContext } from '../run/RunContext';
import type { MustWait } from '../StepOutcome';
import { mustWait } from '../StepOutcome';

const SHA_KEY = 'sha256';
/** Manifests are small: one larger than this at our key is not ours. */
const MANIFEST_READ_MAX = 64 * 1024 * 1024;

/**
 * The manifest, last: it marks the night complete (DESIGN principle 9). Its key carries the
 * night's id and it is written only where nothing is (If-None-Match): a 412 is ours only when
 * the manifest there names this night (a reply lost, a crash before recording it); anything else
 * is a conflict, never overwritten (issue 11). A give-up, or the manifest gone again between the
 * 412 and the read, comes back to wait.
 */
export const writeManifest = async (run: RunContext): Promise<MustWait | undefined> => {
  const { store, clock, settings, pacer } = run.ports;
  const plan = store.getPlan(run.planId);
  if (plan === undefined || plan.manifestAt !== null) return undefined;
  const at = clock.now();
  const body = Buffer.from(
    buildManifest(plan, store.iterateUnits(run.planId), settings.appVersion, at),
  );
  const key = nightManifestKey(plan.prefix, plan.nightId);
  const writing = { bucket: run.bucket, action: 'write', where: key } as const;
  const reading = { bucket: run.bucket, action: 'read', where: key } as const;
  const sha256 = createHash('sha256').update(body).digest('hex');
  const md5Hex = createHash('md5').update(body).digest('hex');
  const paced = (): MustWait => mustWait(clock.now() + pacer.pace(), false);
  const put = (ifNoneMatch: boolean) =>
    callPolicy(run, undefined, `PutObject ${key}`, 'insistent', body.length, (o) =>
      run.objects.putObject(
        {
          key,
          body: { kind: 'bytes', bytes: body },
          md5Base64: Buffer.from(md5Hex, 'hex').toString('base64'),
          metadata: { [SHA_KEY]: sha256 },
          ifNoneMatch,
          contentType: 'application/json',
        },
        o,
      ),
    );
  const r = await put(true);
  if (r.kind === 'wait') return r;
  if (r.kind === 'refused') {
    if (r.failure.status !== 412) blockRun(run, causeOfRefusal(r.failure, writing));
    const there = await callPolicy(run, undefined, `GetObject ${key}`, 'insistent', 0, (o) =>
      run.objects.getObject({ key, maxBytes: MANIFEST_READ_MAX }, o),
    );
    if (there.kind === 'wait') return there;
    if (there.kind === 'refused') blockRun(run, causeOfRefusal(there.failure, reading));
    const read = there.value;
    // Gone again between the 412 and the read: write it again, paced.
    if (read.kind === 'absent') return paced();
    // Larger than any manifest Depot writes: another object, never this night's.
    if (read.kind === 'too-large') {
      blockRun(run, { kind: 'conflict', localSize: body.length, remoteSize: read.size });
    }
    if (readManifestNightId(read.bytes) !== plan.nightId) {
      blockRun(run, { kind: 'conflict', localSize: body.length, remoteSize: read.bytes.length });
    }
    // This night's own manifest from before its plan was updated (`--update`, "Déposer les
    // changements"): rewritten by the same night, so it lists exactly the night's files.
    if (manifestFilesOf(read.bytes) !== manifestFilesOf(body)) {
      const again = await put(false);
      if (again.kind === 'wait') return again;
      if (again.kind === 'refused') blockRun(run, causeOfRefusal(again.failure, writing));
      if (bareEtag(again.value.etag) !== '' && bareEtag(again.value.etag) !== md5Hex)
        return paced();
    }
  } else if (bareEtag(r.value.etag) !== '' && bareEtag(r.value.etag) !== md5Hex) {
    return paced();
  }
  store.setManifestWritten(run.planId, at);
  return undefined;
};
