import type { FastRun } from './fast/FastRun';
import type { RedepositResult } from './redeposit/measureRedeposit';
import type { LinkCheck } from './lab/measureLink';
import type { LinkUpResult } from './lab/measureLinkUpDelays';
import type { LinkSettings } from './lab/LinkSettings';
import type { ToolRunResult } from './ToolRunResult';

export type TargetCheck = {
  readonly name: string;
  readonly target: string;
  readonly measured: string;
  /** null when the bench could not measure it (said why in `measured`). */
  readonly pass: boolean | null;
};

export type AmplificationResult = {
  readonly client: string;
  readonly mode: '503' | 'unreachable';
  readonly nominalPerMin: number;
  readonly windowS: number;
  readonly requestsInWindow: number;
  readonly perMinInWindow: number;
  /** Requests received per minute during the window over the nominal rate. */
  readonly ratio: number;
  /** The target's allowance: 1.1 x nominal over the window + the budget's burst of 20. */
  readonly allowed: number;
  readonly perMinute: readonly number[];
  readonly note: string;
};

export type ResourceResult = {
  readonly name: string;
  readonly files: number;
  readonly bytes: number;
  readonly exitCode: number | null;
  readonly wallS: number;
  readonly peakRssMB: number;
  readonly cpuS: number;
};

export type HashResult = {
  readonly bytes: number;
  readonly depotMBps: number;
  readonly sha256sumMBps: number;
  readonly ratio: number;
};

export type BenchResults = {
  readonly startedAt: string;
  readonly mode: 'quick' | 'full';
  readonly seed: number;
  readonly machine: {
    readonly cpus: string;
    readonly cores: number;
    readonly memoryGB: number;
    readonly kernel: string;
    readonly node: string;
  };
  readonly versions: Readonly<Record<string, string>>;
  /** null when no part of this run used the link lab (`--parts fast`). */
  readonly link: { readonly settings: LinkSettings; readonly check: LinkCheck } | null;
  readonly night: {
    readonly files: number;
    readonly bytes: number;
    readonly largestBytes: number;
  } | null;
  readonly profiles: readonly { readonly name: string; readonly description: string }[];
  readonly runs: readonly ToolRunResult[];
  readonly amplification: readonly AmplificationResult[];
  readonly resources: readonly ResourceResult[];
  readonly hashing: HashResult | null;
  /** Issue 11: each tool deposits the night again from fresh local state (mild link). */
  readonly redeposit: readonly RedepositResult[];
  /** Issues 15 and 29: payload on the wire again after each link-up; absent from older results. */
  readonly linkUp?: readonly LinkUpResult[];
  /** The fast profile (issue 15): each workload by each tool, unshaped, on 127.0.0.1. */
  readonly fast: readonly FastRun[];
  readonly targets: readonly TargetCheck[];
  readonly interpretation: string;
  readonly durationS: number;
};
