import type { UnitRecord } from '../store/UnitRecord';

/** Depot's own proof of the bytes, read back by `depot verify` and the resume checks. */
const SHA_KEY = 'sha256';
/** rclone's s3 backend keys (`metaMtime`, `metaMD5Hash` in backend/s3/s3.go). */
const MTIME_KEY = 'mtime';
const MD5_KEY = 'md5chksum';

/**
 * The user metadata of a unit's object. Besides Depot's SHA-256, what rclone reads to see the
 * object as the same file (issue 15): the modification time as rclone writes it (Unix seconds,
 * fixed point, nanoseconds, trailing zeros dropped: swift.TimeToFloatString) and the whole
 * file's MD5 in base64, the hash rclone compares when the ETag is a multipart one. The AWS CLI
 * needs nothing more (size and LastModified).
 */
export const objectMetadata = (
  unit: Pick<UnitRecord, 'sha256' | 'md5' | 'mtimeNs'>,
): Record<string, string> => ({
  [SHA_KEY]: unit.sha256 ?? '',
  ...(unit.mtimeNs === null ? {} : { [MTIME_KEY]: rcloneMtime(BigInt(unit.mtimeNs)) }),
  ...(unit.md5 === null ? {} : { [MD5_KEY]: Buffer.from(unit.md5, 'hex').toString('base64') }),
});

const rcloneMtime = (ns: bigint): string => {
  const negative = ns < 0n;
  const abs = negative ? -ns : ns;
  const seconds = abs / 1_000_000_000n;
  const fraction = (abs % 1_000_000_000n).toString().padStart(9, '0').replace(/0+$/, '');
  return `${negative ? '-' : ''}${seconds}${fraction === '' ? '' : `.${fraction}`}`;
};
