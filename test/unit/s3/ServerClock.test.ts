import { describe, expect, it } from 'vitest';
import { ServerClock } from '../../../electron/s3/ServerClock';

const at = Date.parse('2026-06-12T21:36:22Z');
const wall = { now: () => at };
const date = (ms: number) => new Date(ms).toUTCString();

describe('ServerClock: signatures dated by the server’s time, learnt from every answer', () => {
  it.each<[string, string | undefined, number]>([
    ['no Date header: this computer’s clock', undefined, 0],
    ['a Date within the noise of whole seconds and a round trip: unchanged', date(at + 4_000), 0],
    ['the server 20 minutes ahead', date(at + 20 * 60_000), 20 * 60_000],
    ['the server 2 minutes behind', date(at - 2 * 60_000), -2 * 60_000],
    ['a Date that does not parse: unchanged', 'yesterday', 0],
  ])('%s', (_, header, offset) => {
    const clock = new ServerClock(wall);
    clock.heard(header === undefined ? {} : { date: header });
    expect(clock.offsetMs).toBe(offset);
    expect(clock.signingDate().getTime()).toBe(at + offset);
  });

  it('follows the clock when it is set right again (the offset falls back to none)', () => {
    const clock = new ServerClock(wall);
    clock.heard({ date: date(at + 20 * 60_000) });
    expect(clock.offsetMs).toBe(20 * 60_000);
    clock.heard({ date: date(at) });
    expect(clock.offsetMs).toBe(0);
  });

  it('reads the first of repeated Date headers', () => {
    const clock = new ServerClock(wall);
    clock.heard({ date: [date(at + 600_000), date(at)] });
    expect(clock.offsetMs).toBe(600_000);
  });
});

describe('ServerClock.namedSkew: a bodiless 403 named by its Date', () => {
  const clock = new ServerClock(wall);
  const raw = (headers: Record<string, string>, code?: string) => ({
    status: 403,
    receivedAt: at,
    headers,
    ...(code === undefined ? {} : { code }),
  });
  it.each<[string, ReturnType<typeof raw>, number, string | undefined]>([
    [
      'a Date 20 minutes from the signature',
      raw({ date: date(at + 20 * 60_000) }),
      0,
      'RequestTimeTooSkewed',
    ],
    [
      'a Date 20 minutes behind it',
      raw({ date: date(at - 20 * 60_000) }),
      0,
      'RequestTimeTooSkewed',
    ],
    [
      'signed with the offset that Date gives: a real refusal',
      raw({ date: date(at + 20 * 60_000) }),
      20 * 60_000,
      undefined,
    ],
    [
      'a Date within S3’s 15 minutes: a real refusal',
      raw({ date: date(at + 10 * 60_000) }),
      0,
      undefined,
    ],
    ['no Date: nothing to tell it by', raw({}), 0, undefined],
    [
      'a code already: kept',
      raw({ date: date(at + 20 * 60_000) }, 'AccessDenied'),
      0,
      'AccessDenied',
    ],
  ])('%s', (_, answer, signedOffset, code) => {
    expect(clock.namedSkew(answer, signedOffset).code).toBe(code);
  });
});
