import type { TargetCheck } from '../BenchResults';
import type { LinkProfile } from '../lab/LinkProfile';
import type { RequestTally } from '../requests/RequestTally';
import { runTool, type RunToolOptions } from '../runTool';
import type { Tool } from '../tools/Tool';

/** One tool depositing again a night that is already on the server, from fresh local state. */
export type RedepositResult = {
  readonly tool: string;
  readonly payloadBytes: number;
  readonly firstWallS: number;
  readonly secondWallS: number;
  /** What the client put on the wire in the second run (TCP payload: requests, bodies, headers). */
  readonly secondWireBytes: number;
  /** Payload the tool says it sent in the second run (Depot's --json bytesSent), when it says. */
  readonly secondPayloadSent: number | null;
  readonly secondVerified: number;
  readonly files: number;
  /** What each run asked of the server (radosgw's access log); absent from older results. */
  readonly firstRequests?: RequestTally | null;
  readonly secondRequests?: RequestTally | null;
};

/** Issue 11: Depot's second deposit sends under 1 % of the night's payload. */
export const checkRedepositTargets = (results: readonly RedepositResult[]): TargetCheck[] => {
  const depot = results.find((r) => r.tool === 'depot');
  if (depot === undefined) return [];
  const fraction = (r: RedepositResult): string =>
    `${((100 * r.secondWireBytes) / r.payloadBytes).toFixed(2)} %`;
  const peers = results
    .filter((r) => r.tool !== 'depot')
    .map((r) => `${r.tool} ${fraction(r)}`)
    .join(', ');
  const payload = depot.secondPayloadSent;
  return [
    {
      name: 're-deposit from a fresh database: payload sent',
      target: '< 1 % of the night',
      measured:
        `${payload === null ? 'unknown' : `${((100 * payload) / depot.payloadBytes).toFixed(2)} %`} ` +
        `(wire ${fraction(depot)}; ${peers === '' ? 'no peer run' : peers}), ${depot.secondVerified}/${depot.files} verified`,
      pass:
        payload !== null &&
        payload < 0.01 * depot.payloadBytes &&
        depot.secondVerified === depot.files,
    },
  ];
};

/**
 * Issue 11's re-deposit: each tool deposits the night, then deposits it again as another laptop
 * or a re-created database would (Depot: a new database; rclone and the AWS CLI keep no state),
 * on the mild link. The second run's wire bytes say what "already there" costs each of them.
 */
export const measureRedeposit = async (
  common: Omit<RunToolOptions, 'tool' | 'profile' | 'maxRuns' | 'timeLimitS' | 'redeposit'>,
  tools: readonly Tool[],
  mild: LinkProfile,
  timeLimitS: number,
): Promise<RedepositResult[]> => {
  const results: RedepositResult[] = [];
  for (const tool of tools) {
    const run = (redeposit: 'first' | 'second') =>
      runTool({ ...common, tool, profile: mild, maxRuns: 3, timeLimitS, redeposit });
    const first = await run('first');
    const second = await run('second');
    const summary = second.summary as { bytesSent?: unknown } | null;
    results.push({
      tool: tool.name,
      payloadBytes: common.payloadBytes,
      firstWallS: first.wallS,
      secondWallS: second.wallS,
      secondWireBytes: second.wireMinusPayload + second.landedBytes,
      secondPayloadSent: typeof summary?.bytesSent === 'number' ? summary.bytesSent : null,
      secondVerified: second.verify?.verified ?? 0,
      files: second.verify?.files ?? 0,
      firstRequests: first.requests ?? null,
      secondRequests: second.requests ?? null,
    });
    common.log(
      `  ${tool.name} re-deposit: ${((second.wireMinusPayload + second.landedBytes) / 1e6).toFixed(2)} MB on the wire in ${second.wallS.toFixed(1)} s (first run ${first.wallS.toFixed(0)} s)`,
    );
  }
  return results;
};
