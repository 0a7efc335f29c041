import type { PlanUpdateReport } from '../engine/PlanUpdateReport';
import type { RunResult } from '../engine/RunResult';
import type { RetryCounters } from '../../shared/retry/RetryCall';
import { describeCause } from './describeCause';
import type { DepositEngine } from '../engine/DepositEngine';
import { formatBytes } from './parseSize';

/** What `depot deposit` reports of one night's run: printed, or written as JSON with `--json`. */
export type DepositSummary = {
  readonly planId: number;
  /** The night this plan deposits (absent when the folder's files carry no date). */
  readonly night?: string;
  /** What `--update` changed in the plan, when it did. */
  readonly update?: PlanUpdateReport;
  readonly bucket: string;
  readonly prefix: string;
  readonly result: RunResult['kind'];
  readonly units: number;
  /** Deposited: verified, or taken by the server and not verifiable with this key. */
  readonly done: number;
  /** Proved on the server by a checksum it computed, this run or before. */
  readonly verified: number;
  /** Deposited, but this key may not read or list to prove it (a write-only key, issue 29). */
  readonly unverifiable: number;
  readonly alreadyPresent: number;
  /** Files counted done that the server no longer held: sent again (issue 30 item 1). */
  readonly returned: readonly string[];
  /** False when the key may not list the night's prefix: nothing was checked by a listing. */
  readonly listed: boolean;
  /** Files done in an earlier run that this run could not check (no listing). */
  readonly unchecked: number;
  readonly failed: readonly {
    readonly path: string;
    readonly cause: unknown;
    readonly reason: string;
  }[];
  readonly conflicts: number;
  readonly pending: number;
  readonly bytesTotal: number;
  readonly bytesSent: number;
  readonly bytesResent: number;
  readonly firstAttempts: number;
  readonly retriesGranted: number;
  readonly retriesRefused: number;
  readonly retriesRefusedByReason: Readonly<Record<string, number>>;
  /**
   * S3: the night's manifest is written. A portal night (no manifest, ADR 0032): the closing
   * listing of this run found every file available on the portal.
   */
  readonly manifest: boolean;
  readonly elapsedMs: number;
  /** A portal night's portal and participation (ADR 0032). */
  readonly portal?: { readonly api: string; readonly participation: string };
  /** A portal night whose analysis was asked by this command: what the portal answered. */
  readonly analysis?: 'started' | 'already-planned';
};

/**
 * One night's summary. `spent` is that night's share of the command: the time and the requests
 * since the previous night's summary (or since the command started), not the process's totals.
 */
export const summarize = (
  depot: { readonly engine: DepositEngine },
  planId: number,
  result: RunResult,
  spent: { readonly elapsedMs: number; readonly counters: RetryCounters },
  extra: {
    readonly night?: string;
    readonly update?: PlanUpdateReport;
    readonly checked?: {
      readonly listed: boolean;
      readonly returned: readonly string[];
      readonly unchecked: number;
    };
  } = {},
): DepositSummary => {
  const s = depot.engine.planSummary(planId);
  const c = spent.counters;
  const refused = Object.values(c.retriesRefused).reduce((a, b) => a + b, 0);
  return {
    planId,
    ...(extra.night === undefined ? {} : { night: extra.night }),
    ...(extra.update === undefined ? {} : { update: extra.update }),
    bucket: s.bucket,
    prefix: s.prefix,
    result: result.kind,
    units: s.units,
    done: s.done,
    verified: s.done - s.unverifiable,
    unverifiable: s.unverifiable,
    alreadyPresent: s.alreadyPresent,
    returned: extra.checked?.returned ?? [],
    listed: extra.checked?.listed ?? true,
    unchecked: extra.checked?.unchecked ?? 0,
    failed: depot.engine.failedUnits(planId).map((u) => ({
      path: u.relPath,
      cause: u.state.kind === 'failed' ? u.state.cause : undefined,
      reason: u.state.kind === 'failed' ? describeCause(u.state.cause) : '',
    })),
    conflicts: s.conflicts,
    pending: s.pending + s.inProgress + s.deferred,
    bytesTotal: s.bytesTotal,
    bytesSent: s.bytesSent,
    bytesResent: s.bytesResent,
    firstAttempts: c.firstAttempts,
    retriesGranted: c.retriesGranted,
    retriesRefused: refused,
    retriesRefusedByReason: c.retriesRefused,
    manifest: s.manifestAt !== null,
    elapsedMs: spent.elapsedMs,
    ...(s.portal === null
      ? {}
      : { portal: { api: s.portal.target.api, participation: s.portal.participationId } }),
  };
};

export const formatSummary = (s: DepositSummary): string => {
  const portal = s.portal;
  const night = `Plan ${s.planId}${s.night === undefined ? '' : ` (night ${s.night})`}`;
  const lines = [
    portal === undefined
      ? `${night}: ${s.units} files to s3://${s.bucket}/${s.prefix}`
      : `${night}: ${s.units} files to participation ${portal.participation} on ${portal.api}`,
    portal === undefined
      ? `  verified on the server: ${s.verified} (${s.alreadyPresent} already there with the same checksum)`
      : `  verified on the portal (each PUT's ETag, the storage's MD5, matched the file's, then finalized): ${s.verified}`,
    ...(portal !== undefined && s.unverifiable > 0
      ? [
          `  already on the portal before this night, not sent again: ${s.unverifiable} (nothing the portal gives proves their bytes: --read-back reads them back)`,
        ]
      : []),
    ...(portal === undefined && s.unverifiable > 0
      ? [`  deposited, cannot be verified with this key: ${s.unverifiable}`]
      : []),
    ...(s.returned.length > 0
      ? [
          `  ${s.returned.length} file(s) had vanished from the server: sent again (${s.returned.slice(0, 10).join(', ')}${s.returned.length > 10 ? ', ...' : ''})`,
        ]
      : []),
    ...(s.listed
      ? []
      : [
          `  this key may not list s3://${s.bucket}/${s.prefix}: files are proved by the answers to their own writes only` +
            (s.unchecked > 0
              ? `; ${s.unchecked} deposited by an earlier run could not be checked again`
              : ''),
        ]),
    `  failed: ${s.failed.length}${s.conflicts > 0 ? ` (${s.conflicts} conflicts)` : ''}, still to do: ${s.pending}`,
    `  sent ${formatBytes(s.bytesSent)} of ${formatBytes(s.bytesTotal)}, re-sent ${formatBytes(s.bytesResent)}, in ${(s.elapsedMs / 1000).toFixed(1)} s`,
    `  requests: ${s.firstAttempts} first attempts, ${s.retriesGranted} retries granted, ${s.retriesRefused} refused`,
    portal === undefined
      ? `  manifest: ${s.manifest ? 'written' : 'not written'}`
      : `  complete on the portal: ${s.manifest ? 'yes (this run listed every file available there)' : 'no'}`,
    ...(s.analysis === undefined
      ? []
      : [
          `  analysis: ${s.analysis === 'started' ? 'started' : 'already planned on the portal (not asked twice)'}`,
        ]),
  ];
  for (const f of s.failed) lines.push(`  FAILED ${f.path}: ${f.reason}`);
  return lines.join('\n') + '\n';
};
