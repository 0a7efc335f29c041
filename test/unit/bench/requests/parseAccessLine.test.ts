import { describe, expect, it } from 'vitest';
import { parseAccessLine } from '../../../../bench/requests/parseAccessLine';

const UA =
  '"aws-sdk-js/3.1174.0 ua/2.1 os/linux#6.18.44 lang/js md/nodejs#20.20.2 api/s3#3.1174.0 m/N,E,e"';

describe('parseAccessLine', () => {
  it("reads radosgw 16's beast access line: who, what, when it started, its answer", () => {
    const line = `2026-12-04T16:12:03.435+0000 7fb7547b06c0  1 beast: 0x7fb7d45926e0: 10.213.1.5 - depot-test [04/Dec/2026:16:12:03.047 +0000] "POST /bench/n1/SITE01_20260613_051630.wav?uploads= HTTP/1.1" 200 266 - ${UA} - latency=0.388000011s`;
    expect(parseAccessLine(line)).toEqual({
      startMs: Date.UTC(2026, 11, 4, 16, 12, 3, 47),
      remote: '10.213.1.5',
      method: 'POST',
      target: '/bench/n1/SITE01_20260613_051630.wav?uploads=',
      status: 200,
      bytes: 266,
      latencyS: 0.388000011,
    });
  });

  it('takes the time zone of the bracketed time into account', () => {
    const line = `x  1 beast: 0x1: 127.0.0.1 - - [01/Jan/2027:01:30:00.500 +0130] "HEAD /b/ HTTP/1.1" 403 0 - - - latency=0.000000000s`;
    expect(parseAccessLine(line)?.startMs).toBe(Date.UTC(2027, 0, 1, 0, 0, 0, 500));
  });

  it("ignores radosgw's other lines", () => {
    for (const line of [
      '2026-12-04T16:08:30.199+0000 7f192e7e46c0  1 ====== starting new request req=0x7f19984046e0 =====',
      '2026-12-04T16:08:30.207+0000 7f19207c86c0  1 ====== req done req=0x7f19984046e0 op status=0 http_status=200 latency=0.008000000s ======',
      '',
      '2026-12-04T16:08:30.143+0000 7f199dbdae40  0 starting handler: beast',
    ])
      expect(parseAccessLine(line)).toBeUndefined();
  });
});
