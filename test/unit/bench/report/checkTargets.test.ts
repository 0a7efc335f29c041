import { describe, expect, it } from 'vitest';
import type { LinkUpResult } from '../../../../bench/lab/measureLinkUpDelays';
import { checkTargets } from '../../../../bench/report/checkTargets';
import type { RequestTally } from '../../../../bench/requests/RequestTally';
import type { ToolRunResult } from '../../../../bench/ToolRunResult';

const tally = (total: number, files: number, multipartFiles = 0): RequestTally => ({
  total,
  files,
  perFile: total / files,
  byKind: {},
  failed: 0,
  placeholders: multipartFiles,
  outsideNight: 0,
  multipartFiles,
});

/** A mild link run with only what the request targets read. */
const mild = (tool: string, requests: RequestTally | null): ToolRunResult =>
  ({
    tool,
    profile: 'mild',
    scenario: 'link',
    goodputFraction: 0.95,
    verify: null,
    cuts: [],
    resentPerCut: null,
    requests,
  }) as unknown as ToolRunResult;

const named = (name: string, runs: readonly ToolRunResult[], linkUp: LinkUpResult[] = []) =>
  checkTargets(runs, [], [], null, linkUp).find((t) => t.name === name);

describe('checkTargets: requests (issue 29)', () => {
  it("allows 1.1 x the AWS CLI's requests plus the probe, listing, manifest and two per multipart file", () => {
    // 1.1 x 100 + 3 + 2 x 4 = 121.
    const at = (depot: number) =>
      named('requests per night (mild)', [
        mild('depot', tally(depot, 50, 4)),
        mild('aws-cli', tally(100, 50)),
        mild('rclone', tally(140, 50)),
      ]);
    expect(at(121)?.pass).toBe(true);
    expect(at(122)?.pass).toBe(false);
    expect(at(121)?.target).toContain('= 121.0');
    expect(at(121)?.measured).toBe('depot 121 (aws-cli 100, rclone 140)');
  });

  it('says the same per file, the peers beside', () => {
    const t = named('requests per file (mild)', [
      mild('depot', tally(121, 50, 4)),
      mild('aws-cli', tally(100, 50)),
    ]);
    expect(t?.pass).toBe(true);
    expect(t?.measured).toBe('depot 2.42 (aws-cli 2.00)');
  });

  it('cannot judge without the AWS CLI or without the log', () => {
    expect(named('requests per night (mild)', [mild('depot', tally(10, 5))])?.pass).toBeNull();
    expect(
      named('requests per night (mild)', [mild('depot', null), mild('aws-cli', tally(9, 5))])?.pass,
    ).toBeNull();
    expect(named('requests per night (mild)', [mild('aws-cli', tally(9, 5))])).toBeUndefined();
  });
});

describe('checkTargets: link-up (issue 29)', () => {
  const result = (tool: string, ms: (number | null)[]): LinkUpResult => {
    const ok = ms.flatMap((m) => (m === null ? [] : [m])).sort((a, b) => a - b);
    const all = ok.length === ms.length;
    return {
      tool,
      downS: 5,
      cuts: ms.map((payloadMs) => ({ payloadMs, firstRequest: null })),
      medianMs: all ? (ok[Math.floor(ok.length / 2)] ?? null) : null,
      maxMs: all ? (ok[ok.length - 1] ?? null) : null,
    };
  };
  it('passes when every link-up saw payload within 0.3 s', () => {
    const t = named(
      'payload after link-up (5 s cuts)',
      [],
      [result('depot', [120, 300, 80]), result('rclone', [1000, 1100, 900])],
    );
    expect(t?.pass).toBe(true);
    expect(t?.measured).toContain('rclone median 1000 ms, max 1100 ms');
  });
  it('times the first payload request the server saw, where a link-up started one', () => {
    const cut = (ms: number | null) => ({
      payloadMs: 100,
      firstRequest: null,
      firstPayload: ms === null ? null : { kind: 'UploadPart' as const, ms },
    });
    const name = 'first payload request after link-up (5 s cuts)';
    const depot = (cuts: (number | null)[]): LinkUpResult => ({
      ...result(
        'depot',
        cuts.map(() => 100),
      ),
      cuts: cuts.map(cut),
    });
    expect(named(name, [], [depot([150, null, 290])])).toMatchObject({
      pass: true,
      measured: '150, carried on, 290 ms',
    });
    expect(named(name, [], [depot([150, 301])])?.pass).toBe(false);
    // The payload came back on the requests in flight (100 ms on the wire): a request 1 s later
    // is the next part, not the link-up's.
    expect(named(name, [], [depot([140, 1100])])).toMatchObject({
      pass: true,
      measured: '140, carried on ms',
    });
    // No link-up needed a new request: no such target, the wire's figure speaks.
    expect(named(name, [], [depot([null, 2800])])).toBeUndefined();
  });
  it('misses on one slow link-up, or one never followed by payload', () => {
    expect(named('payload after link-up (5 s cuts)', [], [result('depot', [120, 301])])?.pass).toBe(
      false,
    );
    expect(
      named('payload after link-up (5 s cuts)', [], [result('depot', [120, null])])?.pass,
    ).toBe(false);
  });
});
