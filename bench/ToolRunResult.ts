import type { CutEvent } from './lab/driveSchedule';
import type { RequestTally } from './requests/RequestTally';
import type { VerifyReport } from './s3/VerifyReport';

/** One tool's deposit of one night over one link profile, and what the wire saw. */
export type ToolRunResult = {
  readonly tool: string;
  readonly profile: string;
  readonly scenario: 'link' | 'kills' | 'redeposit';
  readonly exitCodes: readonly (number | string)[];
  /** Runs started after the first one because the previous did not finish its job. */
  readonly reruns: number;
  readonly kills: number;
  readonly timedOut: boolean;
  readonly completedUnattended: boolean;
  readonly wallS: number;
  readonly downS: number;
  readonly payloadBytes: number;
  /**
   * The payload of the files verified on the server: goodput and re-sent bytes count only what
   * landed, so a tool that gave up is not credited with the files it never sent.
   */
  readonly landedBytes: number;
  readonly goodputMbit: number;
  readonly goodputFraction: number;
  readonly goodputFractionUpTime: number;
  /** Bytes the client put on the wire minus the landed payload (framing, headers, re-sends). */
  readonly wireMinusPayload: number;
  /**
   * TCP payload on the wire minus the landed payload minus TCP retransmissions: data sent again,
   * or sent for files that did not land.
   */
  readonly resentBytes: number;
  readonly tcpRetransBytes: number;
  readonly cuts: readonly CutEvent[];
  readonly resentPerCut: number | null;
  readonly resentPerKill: number | null;
  /** One part per request slot in flight (parts in flight x part size), with the tool's own settings. */
  readonly boundBytes: number;
  readonly verify: VerifyReport | null;
  /**
   * Every request the server received from the tool's side during the run (radosgw's access
   * log), by kind; null when the log was off. Absent from results written before it was counted.
   */
  readonly requests?: RequestTally | null;
  readonly summary: unknown;
};
