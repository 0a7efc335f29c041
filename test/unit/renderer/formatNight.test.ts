import { describe, expect, it } from 'vitest';
import { formatNight } from '../../../renderer/format/formatNight';

describe('formatNight', () => {
  it('spells the night out per locale, never mm/dd/yyyy', () => {
    expect(formatNight('2026-06-13', 'fr')).toBe('sam. 13 juin 2026');
    expect(formatNight('2026-06-13', 'en')).toBe('Sat, 13 June 2026');
  });

  it('keeps the same calendar day whatever the zone', () => {
    expect(formatNight('2026-01-01', 'fr')).toContain('1 janvier 2026');
  });

  it('leaves anything that is not a date as it is', () => {
    expect(formatNight('not-a-date', 'en')).toBe('not-a-date');
  });
});
