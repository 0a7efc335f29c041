import { describe, expect, it } from 'vitest';
import type { FailureCause } from '../../../shared/domain/FailureCause';
import type { CertificateProblem } from '../../../shared/retry/Outcome';
import { causeDetail } from '../../../renderer/failures/causeDetail';
import { causeKeys } from '../../../renderer/failures/causeKeys';
import { en } from '../../../renderer/i18n/en';
import { fr } from '../../../renderer/i18n/fr';
import { translator } from '../../../renderer/i18n/translate';

const problems: readonly CertificateProblem[] = [
  'untrusted',
  'expired',
  'not-yet-valid',
  'name-mismatch',
];
const cause = (problem: CertificateProblem): FailureCause => ({
  kind: 'certificate',
  problem,
  code: 'CODE',
});
const fromClock = new Set<CertificateProblem>(['expired', 'not-yet-valid']);

describe('a refused certificate in the interface, in French and in English', () => {
  it.each(problems)('%s has its own title and what to do, in both languages', (problem) => {
    const { title, todo } = causeKeys(cause(problem));
    expect([title, todo]).toEqual([
      `cause.certificate.${problem}.title`,
      `cause.certificate.${problem}.todo`,
    ]);
    for (const messages of [fr, en]) {
      expect(messages[title]).toBeTruthy();
      expect(messages[todo]).toBeTruthy();
    }
    expect(fr[title]).not.toBe(en[title]);
    expect(fr[todo]).not.toBe(en[todo]);
  });

  it.each(problems)(
    '%s sends the volunteer to the clock when it may be the clock, else to the address',
    (problem) => {
      const { todo } = causeKeys(cause(problem));
      const verdict = `settings.verdict.problem.certificate-${problem}` as const;
      if (fromClock.has(problem)) {
        expect(fr[todo]).toMatch(/la date et l’heure/i);
        expect(en[todo]).toMatch(/date and time/i);
        expect(fr[verdict]).toMatch(/la date et l’heure/i);
        expect(en[verdict]).toMatch(/date and time/i);
      } else {
        expect(fr[todo]).toContain('l’adresse du stockage');
        expect(en[todo]).toContain('storage address');
        expect(fr[verdict]).toContain('l’adresse du stockage');
        expect(en[verdict]).toContain('storage address');
      }
    },
  );

  it('the connection test names the endpoint; the blocker says what failed', () => {
    const t = translator('fr');
    expect(
      t('settings.verdict.problem.certificate-expired', { endpoint: 'https://s3.example' }),
    ).toContain('https://s3.example');
    expect(t('blocker.title', { cause: t(causeKeys(cause('expired')).title) })).toBe(
      'Cette nuit ne peut pas continuer\u00a0: Le certificat du serveur a expiré, ou l’horloge de cet ordinateur est fausse',
    );
    expect(
      translator('en')('blocker.title', {
        cause: translator('en')(causeKeys(cause('name-mismatch')).title),
      }),
    ).toBe('This night cannot go on: The server’s certificate is made out to another address');
  });

  it('after the fix, names the buttons the volunteer will find, in both languages', () => {
    for (const messages of [fr, en]) {
      // Corrected in Settings, Reprendre; moved elsewhere, "Corriger la destination" (issue 31).
      expect(messages['blocker.after']).toContain(messages['current.resume']);
      expect(messages['blocker.after']).toContain(messages['correct.open']);
      // A night that has sent nothing takes a setting corrected from its blocker at once.
      expect(messages['blocker.afterFixHere']).not.toContain(messages['nav.new']);
    }
  });

  it('shows the code behind the cause, for the diagnostics', () => {
    const expired: FailureCause = {
      kind: 'certificate',
      problem: 'expired',
      code: 'CERT_HAS_EXPIRED',
    };
    expect(causeDetail(expired, translator('en'), 'en')).toBe('CERT_HAS_EXPIRED');
  });

  it('leaves the keys of every other cause as they were', () => {
    expect(causeKeys({ kind: 'bucket-missing', bucket: 'b' })).toEqual({
      title: 'cause.bucket-missing.title',
      todo: 'cause.bucket-missing.todo',
      params: {},
    });
  });
});
