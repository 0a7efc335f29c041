import {
  causeOfPortalRefusal,
  causeOfStorageRefusal,
} from '../../../shared/engine/causeOfPortalRefusal';
import { needsFreshUpload } from '../../../shared/portal/portalCallRules';
import { bareEtag } from '../../../shared/wire/proveSameContent';
import type { PartRecord } from '../../store/PartRecord';
import type { FileDeposit } from '../file/FileDeposit';
import { withSlot } from '../run/withSlot';
import { callMsFor } from '../EngineSettings';
import type { Step } from '../StepOutcome';
import { mustWait, ok, unitFailed } from '../StepOutcome';
import type { Deposited } from '../upload/Deposited';
import { unverifiable, verified } from '../upload/Deposited';
import type { HeldDeclaration, PortalRun } from './PortalRun';
import { portalCall } from './portalCall';
import { putToPortal } from './putToPortal';
import { readBackThroughPortal } from './readBackThroughPortal';

/**
 * A 403 for every fresh URL in a row is the portal's signing (a wrong key, a wrong Content-Type
 * signed), not the URLs' age: after this many, the file fails with the storage's answer.
 */
const FRESH_URLS_AT_MOST = 3;

/** A URL is not used within this long of its expiry (clocks of three machines are involved). */
const EXPIRY_MARGIN_MS = 5 * 60_000;

/**
 * Declares the file (or reuses this run's declaration while its URL lives long enough for the
 * PUT's deadline). A lost reply is settled by declaring again: the portal answers the same file
 * with a fresh URL while it is unfinished (ADR 0029). `already-done`: the portal holds the name as
 * finished (409).
 */
const declare = async (
  file: FileDeposit,
  portal: PortalRun,
  part: PartRecord,
): Promise<Step<HeldDeclaration | 'already-done'>> => {
  const { run, unit } = file;
  const { clock, wallClock, settings } = run.ports;
  const held = portal.declared.get(unit.id);
  const putNeedsMs = callMsFor(settings, part.size);
  if (held !== undefined && held.usableUntil > clock.now() + putNeedsMs) return ok(held);
  portal.declared.delete(unit.id);
  const r = await portalCall(
    run,
    file,
    'declare',
    `Declare ${unit.key}`,
    portal.portal.endpoint,
    0,
    (o) =>
      portal.portal.declare(
        {
          collectionId: portal.participationId,
          name: unit.key,
          size: unit.size,
          md5Hex: part.md5,
        },
        o,
      ),
  );
  if (r.kind === 'wait') return r;
  if (r.kind === 'refused') return unitFailed(causeOfPortalRefusal(r.failure));
  if (r.value.kind === 'already-done') return ok('already-done');
  const { fileId, upload } = r.value;
  // Written with the PUT's write-ahead record, before any byte goes: after a stop, the file is
  // found again by its `_id` (finalized once its bytes are proved, or declared again).
  file.declaredAs(fileId);
  const lives =
    upload.expiresAt === undefined
      ? Infinity
      : upload.expiresAt - wallClock.now() - EXPIRY_MARGIN_MS;
  const declaration: HeldDeclaration = { fileId, upload, usableUntil: clock.now() + lives };
  portal.declared.set(unit.id, declaration);
  return ok(declaration);
};

/**
 * Finalizes a file whose bytes are proved. Finalize proves nothing (the portal never looks at the
 * storage): the PUT's ETag did, before. A 409 "already done" is success (a reply lost, a run
 * killed after it). A file the portal no longer knows (404: withdrawn meanwhile) is declared and
 * sent again, paced.
 */
const finalize = async (
  file: FileDeposit,
  portal: PortalRun,
  fileId: string,
): Promise<Step<Deposited>> => {
  const { run, unit } = file;
  const { clock, pacer } = run.ports;
  const r = await portalCall(
    run,
    file,
    'confirm',
    `Finalize ${unit.key}`,
    portal.portal.endpoint,
    0,
    (o) => portal.portal.confirm({ fileId }, o),
  );
  if (r.kind === 'wait') return r;
  if (r.kind === 'refused') {
    if (r.failure.status !== 404) return unitFailed(causeOfPortalRefusal(r.failure));
    portal.declared.delete(unit.id);
    file.undeclared();
    return mustWait(clock.now() + pacer.pace(), false, portal.portal.endpoint);
  }
  // A portal that ingests before it says done (Arbimon's status): asked again later.
  if (r.value.kind === 'pending') return mustWait(clock.now() + pacer.pace(), false);
  portal.declared.delete(unit.id);
  return ok(verified);
};

/**
 * A name the participation already holds as finished, which this night did not prove: not sent
 * again (the portal's front skips them too). Nothing the portal gives proves its bytes, so it is
 * said deposited and not verifiable, unless `readBack` reads it through the portal's signed GET
 * URL and compares SHA-256: the same is verified, other bytes a conflict (never overwritten).
 */
const alreadyThere = async (
  file: FileDeposit,
  portal: PortalRun,
  fileId: string | undefined,
): Promise<Step<Deposited>> => {
  const { run, unit } = file;
  const there = { alreadyPresent: true } as const;
  if (!run.ports.settings.readBack || fileId === undefined)
    return ok({ ...unverifiable, ...there });
  const read = await readBackThroughPortal(run, file, portal.portal, {
    fileId,
    name: unit.key,
    maxBytes: unit.size,
  });
  if (read.kind !== 'ok') return read;
  const got = read.value;
  if (got.kind === 'not-available' || got.kind === 'absent')
    return ok({ ...unverifiable, ...there });
  if (got.kind === 'sha256' && got.sha256 === unit.sha256) return ok(there);
  return unitFailed({ kind: 'conflict', localSize: unit.size, remoteSize: got.size });
};

/**
 * One file of a portal night, top to bottom (ADR 0032): a file whose PUT was proved before a stop
 * is only finalized; a name the participation already holds as available is not sent; otherwise
 * it is declared, its bytes PUT to the URL the portal signed, the PUT's ETag (the storage's MD5 of
 * what it stored) compared with the local MD5 and persisted at once, then finalized. A refused URL
 * (403: expired, or refused for its signature) is answered by declaring again, never replayed.
 */
export const depositToPortal = async (
  file: FileDeposit,
  portal: PortalRun,
): Promise<Step<Deposited>> => {
  const { run, unit } = file;
  const part = file.parts()[0];
  if (part === undefined) throw new Error(`unit ${unit.id} has no part plan`);
  if (part.etag !== null && unit.portalFileId !== null)
    return finalize(file, portal, unit.portalFileId);
  const listed = run.state.portalListing?.get(unit.key);
  if (listed?.available === true) return alreadyThere(file, portal, listed.fileId);
  for (let urls = 1; ; urls++) {
    const declared = await declare(file, portal, part);
    if (declared.kind !== 'ok') return declared;
    if (declared.value === 'already-done') return alreadyThere(file, portal, listed?.fileId);
    const { fileId, upload } = declared.value;
    const r = await withSlot(run, () => putToPortal(file, portal, part, upload));
    if (r.kind === 'wait') return r;
    if (r.kind === 'refused') {
      portal.declared.delete(unit.id);
      // Expired or refused for its signature: a fresh URL from a new declaration, never a replay.
      if (needsFreshUpload(r.failure) && urls < FRESH_URLS_AT_MOST) continue;
      return unitFailed(causeOfStorageRefusal(r.failure));
    }
    const etag = bareEtag(r.value.etag);
    if (etag !== part.md5) {
      portal.declared.delete(unit.id);
      return unitFailed({
        kind: 'verification-failed',
        detail: `ETag ${etag} from the storage, ${part.md5} expected (the MD5 of the file as planned)`,
      });
    }
    // Proved, and persisted before the finalize: a stop after it costs a finalize, not the bytes.
    file.acked(part, etag, 'now');
    return finalize(file, portal, fileId);
  }
};
