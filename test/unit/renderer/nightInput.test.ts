import { describe, expect, it } from 'vitest';
import { formatNightInput, parseNightInput } from '../../../renderer/format/nightInput';

describe('parseNightInput', () => {
  it.each([
    ['13/06/2026', '2026-06-13'],
    ['3/6/2026', '2026-06-03'],
    ['13.06.2026', '2026-06-13'],
    ['2026-06-13', '2026-06-13'],
    [' 2026-6-3 ', '2026-06-03'],
  ])('reads %s day first or ISO', (text, iso) => {
    expect(parseNightInput(text)).toBe(iso);
  });

  it.each(['06/31/2026', '31/02/2026', '2026-13-01', '13/06/26', 'demain', ''])(
    'refuses %s instead of guessing (never mm/dd)',
    (text) => {
      expect(parseNightInput(text)).toBeNull();
    },
  );
});

describe('formatNightInput', () => {
  it('shows a night day first, and round-trips', () => {
    expect(formatNightInput('2026-06-13')).toBe('13/06/2026');
    expect(parseNightInput(formatNightInput('2026-06-13'))).toBe('2026-06-13');
  });
});
