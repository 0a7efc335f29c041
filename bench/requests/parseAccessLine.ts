import type { ServerRequest } from './ServerRequest';

// radosgw 16's beast frontend, at `debug rgw` 1 (its default), once a request ends:
// `... beast: 0x7f..: 10.0.0.1 - depot-test [04/Dec/2026:15:47:07.487 +0000] "HEAD /b/k HTTP/1.1"
// 404 0 - "aws-sdk-js/3 ..." - latency=0.000000000s`; the bracketed time is when it started.
const ACCESS =
  /beast: 0x[0-9a-f]+: (\S+) - \S+ \[(\d\d)\/(\w{3})\/(\d{4}):(\d\d):(\d\d):(\d\d)\.(\d{3}) ([+-])(\d\d)(\d\d)\] "(\S+) (\S+) [^"]*" (-?\d+) (\d+) .* latency=([\d.]+)s\s*$/;
const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** The request an access line tells of; undefined for radosgw's other lines. */
export const parseAccessLine = (line: string): ServerRequest | undefined => {
  const m = ACCESS.exec(line);
  if (m === null) return undefined;
  const [, remote, day, mon, year, hh, mm, ss, ms, sign, offH, offM, method, target] = m;
  const month = MONTHS.indexOf(mon ?? '');
  if (month < 0) return undefined;
  const local = Date.UTC(
    Number(year),
    month,
    Number(day),
    Number(hh),
    Number(mm),
    Number(ss),
    Number(ms),
  );
  const offsetMs = (Number(offH) * 60 + Number(offM)) * 60_000 * (sign === '-' ? -1 : 1);
  return {
    startMs: local - offsetMs,
    remote: remote ?? '',
    method: method ?? '',
    target: target ?? '',
    status: Number(m[14]),
    bytes: Number(m[15]),
    latencyS: Number(m[16]),
  };
};
