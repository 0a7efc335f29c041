import type { PortalBody, UploadTarget } from '../../../shared/ports/Portal';
import type { PartRecord } from '../../store/PartRecord';
import type { Called } from '../call/callPolicy';
import { SourceChangedError } from '../../../shared/ports/SourceChangedError';
import type { FileDeposit } from '../file/FileDeposit';
import type { MustWait } from '../StepOutcome';
import type { PortalRun } from './PortalRun';
import { portalCall } from './portalCall';

/**
 * The file's bytes: as read when it was hashed (a small file), else read from the card slice by
 * slice as they go, afresh for each attempt (one PUT of up to 5 GB: ADR 0010's memory bound holds).
 */
const bodyOf = (file: FileDeposit, part: PartRecord): PortalBody => {
  const hashed = file.hashedBodyOf(part.size);
  if (hashed !== undefined) return { kind: 'bytes', bytes: hashed };
  const { unit } = file;
  const { source } = file.run.ports;
  return {
    kind: 'source',
    size: part.size,
    open: async () => {
      const file = await source.open(unit.absPath);
      return {
        read: async (buffer, offset, length, position) => {
          const read = await file.read(buffer, offset, length, position);
          if (read === 0 && position < part.size)
            throw new SourceChangedError(`${unit.absPath} is shorter than when it was planned`);
          return read;
        },
        close: () => file.close(),
      };
    },
  };
};

/**
 * The PUT of a portal file to the URL its declaration gave, through the policy (insistent), on
 * the storage's endpoint: the signed headers exactly, no Content-MD5 (the portal signs it empty),
 * paced by the bandwidth cap. Its bytes are counted on the wire as a part's are (write-ahead, so a
 * kill mid-send counts them), and a lost reply is sent again whole: the same bytes to the same
 * key while the URL lives (`portalCallRules`). The caller compares the ETag with the planned MD5.
 */
export const putToPortal = async (
  file: FileDeposit,
  portal: PortalRun,
  part: PartRecord,
  upload: UploadTarget,
): Promise<Called<{ readonly etag: string }> | MustWait> => {
  const { run, unit } = file;
  const body = bodyOf(file, part);
  // Write-ahead, committed before the bytes go (with the declaration the file held).
  const before = file.beginSend(part);
  return portalCall(
    run,
    file,
    'putBytes',
    `PUT ${unit.key}`,
    upload.endpoint,
    part.size,
    (o) => portal.portal.putBytes({ upload, body }, o),
    {
      // The whole file once: `beginSend` already counted exactly that.
      onSent: (sent) => {
        if (sent !== part.size) file.endSend(part, before, sent);
      },
      committedAfter: true,
    },
  );
};
