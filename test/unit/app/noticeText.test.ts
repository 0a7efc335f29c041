import { describe, expect, it } from 'vitest';
import { noticeText } from '../../../electron/app/noticeText';

describe('OS notification text', () => {
  it('says the night and the number of failures, in the chosen language', () => {
    expect(noticeText('fr', 'failures', { night: 'S · P · 2026-06-12', failed: 3 })).toEqual({
      title: 'Dépôt à vérifier',
      body: 'S · P · 2026-06-12\u00a0: 3 fichier(s) en échec.',
    });
    expect(noticeText('en', 'completed', { night: 'S · P · 2026-06-12' })).toEqual({
      title: 'Night deposited',
      body: 'S · P · 2026-06-12: all on the server, verified.',
    });
    expect(noticeText('fr', 'blocked', { night: 'N' }).body).toContain('Vérifiez les réglages');
  });
});
