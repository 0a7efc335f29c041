import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { objectMetadata } from '../../../electron/engine/objectMetadata';

const md5Of = (text: string): string => createHash('md5').update(text).digest('hex');

describe('objectMetadata', () => {
  it("writes rclone's mtime (fixed-point seconds, trailing zeros dropped) and md5chksum (base64)", () => {
    const cases: readonly (readonly [string, string])[] = [
      ['1700000000123456789', '1700000000.123456789'],
      ['1700000000500000000', '1700000000.5'],
      ['1700000000000000000', '1700000000'],
      ['1700000000000000001', '1700000000.000000001'],
      ['999', '0.000000999'],
    ];
    for (const [mtimeNs, mtime] of cases) {
      expect(objectMetadata({ sha256: 'ab', md5: md5Of('x'), mtimeNs })).toEqual({
        sha256: 'ab',
        mtime,
        // rclone's hash of "x" in its base64 form: the same 16 bytes as the hex MD5.
        md5chksum: Buffer.from(md5Of('x'), 'hex').toString('base64'),
      });
    }
    expect(objectMetadata({ sha256: 's', md5: md5Of(''), mtimeNs: '1' }).md5chksum).toBe(
      '1B2M2Y8AsgTpgAmY7PhCfg==',
    );
  });

  it('leaves out what the hashing pass of an older database did not record', () => {
    expect(objectMetadata({ sha256: 'ab', md5: null, mtimeNs: null })).toEqual({ sha256: 'ab' });
  });
});
