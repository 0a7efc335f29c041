import { describe, expect, it } from 'vitest';
import { destinationOf } from '../../../renderer/format/destinationOf';

describe('destinationOf: where a night goes, as a volunteer reads it', () => {
  it('shows the host, and keeps http:// where the bytes go unencrypted', () => {
    const night = { bucket: 'nights', prefix: 'SITE09/P1/2026-06-12' };
    expect(destinationOf({ ...night, endpoint: 'https://s3.example.org' })).toBe(
      's3.example.org › nights/SITE09/P1/2026-06-12/',
    );
    expect(destinationOf({ ...night, endpoint: 'http://s3.example.org:9000' })).toBe(
      'http://s3.example.org:9000 › nights/SITE09/P1/2026-06-12/',
    );
    // Not a URL (an in-memory store in tests): as given.
    expect(destinationOf({ ...night, endpoint: 'memory', prefix: '' })).toBe('memory › nights/');
  });
});
