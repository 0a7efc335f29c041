import { describe, expect, it } from 'vitest';
import { defaultAppSettings } from '../../../electron/app/AppSettings';
import {
  buildDiagnosticsExport,
  safeEndpoint,
  scrub,
} from '../../../electron/app/buildDiagnosticsExport';

describe('diagnostic export', () => {
  const secret = 'wJalrXUtnFEMIK7MDENGbPxRfiCYEXAMPLEKEY';
  const exported = buildDiagnosticsExport({
    now: Date.UTC(2026, 0, 2, 3, 4, 5),
    version: '0.1.0',
    mode: 'bridge',
    settings: {
      ...defaultAppSettings,
      endpoint: `https://AKIA:${secret}@s3.example.org/?X-Amz-Signature=abc`,
    },
    credentials: 'set',
    secretStorage: 'file-0600',
    counters: {
      firstAttempts: 3,
      retriesGranted: 1,
      retriesRefused: {},
      circuit: 'closed',
      extra: {},
    },
    plans: [],
    journal: [
      {
        id: 1,
        planId: 1,
        operation: 'GET /b/k?X-Amz-Credential=AKIA%2F2026&X-Amz-Signature=deadbeef&partNumber=2',
        outcome: 'refused:403:AccessDenied',
        attempt: 1,
        delayMs: null,
        at: 0,
      },
    ],
  });

  it('holds no secret, no user info and no signature', () => {
    expect(exported.json).not.toContain(secret);
    expect(exported.json).not.toContain('AKIA:');
    expect(exported.json).not.toContain('deadbeef');
    expect(exported.json).not.toContain('AKIA%2F2026');
    expect(exported.json).toContain('"credentials": "set"');
    expect(exported.json).toContain('partNumber=2');
  });

  it('is valid JSON with a dated file name', () => {
    const parsed = JSON.parse(exported.json) as { settings: { endpoint: string } };
    expect(parsed.settings.endpoint).toBe('https://s3.example.org');
    expect(exported.fileName).toBe('depot-diagnostic-2026-01-02T03-04-05-000Z.json');
  });

  it('keeps what is not a signature', () => {
    expect(scrub('PUT /b/night/a.wav?uploadId=1')).toBe('PUT /b/night/a.wav?uploadId=1');
    expect(safeEndpoint('http://127.0.0.1:9000')).toBe('http://127.0.0.1:9000');
    expect(safeEndpoint('not a url')).toBe('(invalid)');
    expect(safeEndpoint('https://AK:se/cret@h/')).toBe('(invalid)');
  });
});
