import { describe, expect, it } from 'vitest';
import { en } from '../../../renderer/i18n/en';
import { fr } from '../../../renderer/i18n/fr';
import { translate } from '../../../renderer/i18n/translate';

const placeholders = (text: string): string[] =>
  [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1] ?? '').sort();

describe('locale files', () => {
  it('have the same keys in French and English', () => {
    expect(Object.keys(en).sort()).toEqual(Object.keys(fr).sort());
  });

  it('use the same placeholders in both languages', () => {
    for (const key of Object.keys(fr) as (keyof typeof fr)[]) {
      expect({ key, p: placeholders(en[key]) }).toEqual({ key, p: placeholders(fr[key]) });
    }
  });

  // French typography: the sign stays on the line of the word before it. A no-break space
  // (U+00A0) before ':' and inside « », a narrow one (U+202F) before ; ? !
  it('never lets a French sign start a line: no ordinary space before : ; ? ! or inside « »', () => {
    for (const [key, text] of Object.entries(fr)) {
      expect({ key, breakable: text.match(/ [:;?!]|« | »/g) }).toEqual({ key, breakable: null });
      expect({ key, wrongSpace: text.match(/\u202f:|\u00a0[;?!]/g) }).toEqual({
        key,
        wrongSpace: null,
      });
    }
  });

  it('fills placeholders and leaves an unknown one visible', () => {
    expect(translate('fr', 'unit.retryIn', { seconds: 12 })).toBe('nouvelle tentative dans 12 s');
    expect(translate('en', 'unit.retryIn', { seconds: 3 })).toBe('retrying in 3 s');
    expect(translate('en', 'unit.retryIn')).toBe('retrying in {seconds} s');
  });
});
