import { describe, expect, it } from 'vitest';
import {
  participationOf,
  participationSchema,
} from '../../../shared/portal/vigiechiro/apiDocuments';
import { fromPortalDate, toPortalDate } from '../../../shared/portal/vigiechiro/portalDate';
import { endpointOfUrl, signedUrlExpiry } from '../../../shared/portal/vigiechiro/signedUrlExpiry';
import { needsFreshUpload, portalCallRules } from '../../../shared/portal/portalCallRules';

describe('dates on the Vigie-Chiro API', () => {
  it('sends RFC 1123, as the front sends toGMTString()', () => {
    expect(toPortalDate(Date.UTC(2026, 5, 1, 20, 5, 9))).toBe('Mon, 01 Jun 2026 20:05:09 GMT');
  });

  it("reads Python's isoformat as UTC, with or without an offset, with microseconds", () => {
    const at = Date.UTC(2026, 5, 1, 20);
    expect(fromPortalDate('2026-06-01T20:00:00')).toBe(at);
    expect(fromPortalDate('2026-06-01T20:00:00+00:00')).toBe(at);
    expect(fromPortalDate('2026-06-01T22:00:00+02:00')).toBe(at);
    expect(fromPortalDate('2026-06-01T20:00:00.123456+00:00')).toBe(at + 123);
    expect(fromPortalDate('Mon, 01 Jun 2026 20:00:00 GMT')).toBeUndefined();
    expect(fromPortalDate('2026-06-01')).toBeUndefined();
  });
});

describe('signed URLs', () => {
  const url =
    'https://bucket.s3.amazonaws.com/wav/pa-1/x.wav?AWSAccessKeyId=AK&Expires=1796428907&Signature=a%2Bb%3D';

  it('expire at their Expires (epoch seconds)', () => {
    expect(signedUrlExpiry(url)).toBe(1_796_428_907_000);
    expect(signedUrlExpiry('https://h/k?X-Amz-Expires=600')).toBeUndefined();
    expect(signedUrlExpiry('not a url')).toBeUndefined();
  });

  it('belong to their own endpoint (budget and breaker)', () => {
    expect(endpointOfUrl(url)).toBe('https://bucket.s3.amazonaws.com');
    expect(endpointOfUrl('http://127.0.0.1:8000/b/k?x=1')).toBe('http://127.0.0.1:8000');
  });

  it('need a fresh declaration after a 403, never after anything else', () => {
    expect(needsFreshUpload({ kind: 'refused', status: 403, code: 'AccessDenied' })).toBe(true);
    expect(needsFreshUpload({ kind: 'refused', status: 403, code: 'SignatureDoesNotMatch' })).toBe(
      true,
    );
    expect(needsFreshUpload({ kind: 'refused', status: 503, code: 'SlowDown' })).toBe(false);
    expect(needsFreshUpload({ kind: 'unreachable', reason: 'connection-reset' })).toBe(false);
  });
});

describe('portal call rules', () => {
  it('insist for the bytes, stay brief for the small calls; only a participation is not replayed', () => {
    const entries = Object.entries(portalCallRules);
    expect(entries.filter(([, r]) => r.profile === 'insistent').map(([n]) => n)).toEqual([
      'putBytes',
      'readBytes',
    ]);
    expect(entries.filter(([, r]) => !r.replaySafe).map(([n]) => n)).toEqual([
      'createParticipation',
    ]);
  });
});

describe('participations as the API lists them', () => {
  it('reads an expanded site as its id, and the processing state', () => {
    const parsed = participationSchema.parse({
      _id: 'p1',
      site: { _id: 's1', titre: 'Point fixe' },
      date_debut: '2026-06-01T20:00:00+00:00',
      date_fin: '2026-06-02T06:30:00+00:00',
      point: 'C1',
      traitement: { etat: 'PLANIFIE', date_planification: '2026-06-02T07:00:00.5+00:00' },
      _etag: 'x',
    });
    expect(participationOf(parsed)).toEqual({
      id: 'p1',
      siteId: 's1',
      startsAt: Date.UTC(2026, 5, 1, 20),
      endsAt: Date.UTC(2026, 5, 2, 6, 30),
      point: 'C1',
      processing: 'PLANIFIE',
    });
  });

  it('refuses a date that is not the API’s', () => {
    expect(participationOf(participationSchema.parse({ _id: 'p', date_debut: 'hier' }))).toBe(
      undefined,
    );
  });
});
