import { createHash } from 'node:crypto';
import {
  causeOfPortalRefusal,
  causeOfStorageRefusal,
} from '../../../shared/engine/causeOfPortalRefusal';
import type { Portal } from '../../../shared/ports/Portal';
import type { CallingFile } from '../call/callPolicy';
import type { RunContext } from '../run/RunContext';
import type { Step } from '../StepOutcome';
import { ok, unitFailed } from '../StepOutcome';
import { portalCall } from './portalCall';

/** A file read back through the portal's signed GET URL: its SHA-256, or why not. */
export type ReadBack =
  | { readonly kind: 'sha256'; readonly sha256: string; readonly size: number }
  | { readonly kind: 'not-available' }
  | { readonly kind: 'absent' }
  | { readonly kind: 'too-large'; readonly size: number };

/**
 * A file's bytes through `acces` (a fresh signed GET URL from the API, then a GET of at most
 * `maxBytes` at the storage it names), hashed here: the portal gives no checksum to compare
 * without reading. `file` is the night's file in a run (its events), none outside one.
 */
export const readBackThroughPortal = async (
  run: RunContext,
  file: CallingFile | undefined,
  portal: Portal,
  wanted: { readonly fileId: string; readonly name: string; readonly maxBytes: number },
): Promise<Step<ReadBack>> => {
  const { fileId, name, maxBytes } = wanted;
  const target = await portalCall(
    run,
    file,
    'readTarget',
    `Access ${name}`,
    portal.endpoint,
    0,
    (o) => portal.readTarget({ fileId }, o),
  );
  if (target.kind === 'wait') return target;
  if (target.kind === 'refused') return unitFailed(causeOfPortalRefusal(target.failure));
  if (target.value.kind === 'not-available') return ok({ kind: 'not-available' });
  const { url, endpoint } = target.value;
  const read = await portalCall(run, file, 'readBytes', `GET ${name}`, endpoint, 0, (o) =>
    portal.readBytes({ url, maxBytes }, o),
  );
  if (read.kind === 'wait') return read;
  if (read.kind === 'refused') return unitFailed(causeOfStorageRefusal(read.failure));
  const got = read.value;
  if (got.kind !== 'bytes') return ok(got);
  return ok({
    kind: 'sha256',
    sha256: createHash('sha256').update(got.bytes).digest('hex'),
    size: got.bytes.length,
  });
};
