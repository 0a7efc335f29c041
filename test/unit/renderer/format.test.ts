import { describe, expect, it } from 'vitest';
import { formatBytes, formatRate } from '../../../renderer/format/formatBytes';
import { formatClock } from '../../../renderer/format/formatClock';
import { formatDuration, formatEta, secondsUntil } from '../../../renderer/format/formatDuration';
import { formatPercent } from '../../../renderer/format/formatPercent';

const nb = (s: string): string => s.replace(/[\u00a0\u202f]/g, ' ');

describe('formatBytes', () => {
  it.each([
    [0, '0 o', '0 B'],
    [999, '999 o', '999 B'],
    [1_500, '1,5 Ko', '1.5 kB'],
    [12_345_678, '12,3 Mo', '12.3 MB'],
    [250_000_000, '250 Mo', '250 MB'],
    [2_000_000_000, '2,0 Go', '2.0 GB'],
    [30e12, '30,0 To', '30.0 TB'],
  ])('%d bytes', (bytes, fr, en) => {
    expect(nb(formatBytes(bytes, 'fr'))).toBe(fr);
    expect(nb(formatBytes(bytes, 'en'))).toBe(en);
  });

  it('says rates per second', () => {
    expect(nb(formatRate(1_200_000, 'fr'))).toBe('1,2 Mo/s');
    expect(nb(formatRate(1_200_000, 'en'))).toBe('1.2 MB/s');
  });

  it('never shows a negative size', () => {
    expect(nb(formatBytes(-5, 'en'))).toBe('0 B');
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0 s'],
    [45.4, '45 s'],
    [200, '3 min 20 s'],
    [3_600 + 5 * 60, '1 h 05 min'],
    [2 * 86_400 + 3 * 3600, '2 j 3 h'],
  ])('%d s in French', (seconds, text) => {
    expect(nb(formatDuration(seconds, 'fr'))).toBe(text);
  });

  it('uses English units where they differ', () => {
    expect(nb(formatDuration(2 * 86_400 + 3 * 3600, 'en'))).toBe('2 d 3 h');
    expect(nb(formatDuration(200, 'en'))).toBe('3 min 20 s');
  });
});

describe('formatEta', () => {
  it('is unknown without a measured throughput', () => {
    expect(formatEta(null, 'fr')).toBeNull();
    expect(formatEta(Number.POSITIVE_INFINITY, 'en')).toBeNull();
    expect(formatEta(-1, 'en')).toBeNull();
  });

  it('is approximate, in both languages', () => {
    expect(nb(formatEta(3_725, 'fr') ?? '')).toBe('≈ 1 h 02 min');
    expect(nb(formatEta(90, 'en') ?? '')).toBe('≈ 1 min 30 s');
    expect(formatEta(0.2, 'fr')).toBe('moins d’une seconde');
    expect(formatEta(0.2, 'en')).toBe('under a second');
  });
});

describe('secondsUntil (retry countdown)', () => {
  it('rounds up and stops at zero', () => {
    expect(secondsUntil(10_001, 0)).toBe(11);
    expect(secondsUntil(10_000, 0)).toBe(10);
    expect(secondsUntil(0, 5_000)).toBe(0);
  });
});

describe('formatClock', () => {
  it('shows 24-hour HH:MM in the given zone', () => {
    const at = Date.UTC(2025, 4, 24, 19, 5);
    expect(formatClock(at, 'fr', 'Europe/Paris')).toBe('21:05');
    expect(formatClock(at, 'en', 'Europe/Paris')).toBe('21:05');
    expect(formatClock(at, 'en', 'UTC')).toBe('19:05');
  });
});

describe('formatPercent', () => {
  it('floors so 100 % means everything confirmed', () => {
    expect(nb(formatPercent(999_999, 1_000_000, 'en'))).toBe('99.9%');
    expect(nb(formatPercent(1, 1, 'fr'))).toBe('100 %');
    expect(nb(formatPercent(5, 0, 'en'))).toBe('0%');
  });
});
