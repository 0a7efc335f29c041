import { describe, expect, it } from 'vitest';
import { parseHttpDate } from '../../../shared/retry/parseHttpDate';
import { parseRetryAfter } from '../../../shared/retry/parseRetryAfter';

const receivedAt = Date.UTC(1994, 10, 6, 8, 49, 0);

describe('parseRetryAfter', () => {
  it.each([
    ['delta-seconds', { 'retry-after': '120' }, 120_000],
    ['zero seconds', { 'retry-after': '0' }, 0],
    ['padded seconds', { 'retry-after': ' 5 ' }, 5_000],
    ['decimal seconds, rounded up', { 'retry-after': '1.0005' }, 1_001],
    ['IMF-fixdate', { 'retry-after': 'Sun, 06 Nov 1994 08:49:37 GMT' }, 37_000],
    ['RFC 850 date', { 'retry-after': 'Sunday, 06-Nov-94 08:49:37 GMT' }, 37_000],
    ['asctime date', { 'retry-after': 'Sun Nov  6 08:49:37 1994' }, 37_000],
    ['a date in the past means now', { 'retry-after': 'Sun, 06 Nov 1994 08:00:00 GMT' }, 0],
    ['x-amz-retry-after in ms', { 'x-amz-retry-after': '250' }, 250],
    ['both: the longer wins', { 'retry-after': '1', 'x-amz-retry-after': '2500' }, 2_500],
    ['both: the longer wins (2)', { 'retry-after': '3', 'x-amz-retry-after': '2500' }, 3_000],
    ['mixed-case header name', { 'Retry-After': '7' }, 7_000],
  ] as const)('%s', (_what, headers, expected) => {
    expect(parseRetryAfter(headers, receivedAt)).toBe(expected);
  });

  it.each([
    ['no header', {}],
    ['negative', { 'retry-after': '-5' }],
    ['garbage', { 'retry-after': 'soon' }],
    ['a bare number Date.parse would take as a year', { 'retry-after': 'Jan 1' }],
    ['an HTTP-date with a bad month', { 'retry-after': 'Sun, 06 Foo 1994 08:49:37 GMT' }],
    ['x-amz-retry-after not an integer', { 'x-amz-retry-after': '1.5s' }],
    ['empty', { 'retry-after': '' }],
  ] as const)('ignores %s', (_what, headers) => {
    expect(parseRetryAfter(headers, receivedAt)).toBeUndefined();
  });
});

describe('parseHttpDate', () => {
  it('reads the three forms as UTC', () => {
    const expected = Date.UTC(1994, 10, 6, 8, 49, 37);
    expect(parseHttpDate('Sun, 06 Nov 1994 08:49:37 GMT')).toBe(expected);
    expect(parseHttpDate('Sunday, 06-Nov-94 08:49:37 GMT')).toBe(expected);
    expect(parseHttpDate('Sun Nov  6 08:49:37 1994')).toBe(expected);
  });

  it('reads a two-digit year below 70 as this century', () => {
    expect(parseHttpDate('Monday, 30-Nov-26 20:00:00 GMT')).toBe(Date.UTC(2026, 10, 30, 20));
  });

  it('refuses what is not an HTTP-date', () => {
    expect(parseHttpDate('1')).toBeUndefined();
    expect(parseHttpDate('2026-11-30T20:00:00Z')).toBeUndefined();
    expect(parseHttpDate('Sun, 06 Nov 1994 25:49:37 GMT')).toBeUndefined();
  });
});
