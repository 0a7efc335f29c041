import { describe, expect, it } from 'vitest';
import { certificateAdvice } from '../../../electron/cli/certificateAdvice';
import { describeCause } from '../../../electron/cli/describeCause';
import { configurationProblem } from '../../../electron/cli/probeTarget';

const endpoint = 'https://s3.example:8443';

describe('a refused certificate on the command line', () => {
  it('an expired or not-yet-valid one sends to the clock first, with the code', () => {
    for (const [problem, code] of [
      ['expired', 'CERT_HAS_EXPIRED'],
      ['not-yet-valid', 'CERT_NOT_YET_VALID'],
    ] as const) {
      const line = certificateAdvice(problem, code, endpoint);
      expect(line).toContain(endpoint);
      expect(line).toContain(code);
      expect(line).toContain("this computer's date and time");
    }
  });

  it('an untrusted or misnamed one sends to --endpoint', () => {
    expect(certificateAdvice('untrusted', 'DEPTH_ZERO_SELF_SIGNED_CERT', endpoint)).toMatch(
      /does not trust .*check --endpoint/,
    );
    expect(certificateAdvice('name-mismatch', 'ERR_TLS_CERT_ALTNAME_INVALID', endpoint)).toContain(
      'check the host name in --endpoint',
    );
  });

  it('the endpoint probe stops on it, as on any configuration mistake', () => {
    expect(
      configurationProblem(
        { kind: 'certificate', problem: 'expired', code: 'CERT_HAS_EXPIRED' },
        endpoint,
        'b',
      ),
    ).toBe(certificateAdvice('expired', 'CERT_HAS_EXPIRED', endpoint));
  });

  it('a blocked run names it without offering retry-failures', () => {
    const line = describeCause({ kind: 'certificate', problem: 'untrusted', code: 'X' });
    expect(line).toContain('does not trust');
    expect(line).not.toContain('retry-failures');
  });
});
