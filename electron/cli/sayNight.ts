import type { NightDeposit } from '../nights/depositNights';
import type { NightInputs } from '../nights/NightInputs';
import type { PlanningResult } from '../engine/PlanSummary';
import { blockedRunMessage } from './blockedMessage';
import type { CommandIo } from './Command';
import { formatSummary, summarize } from './DepositSummary';
import type { DepositSummary } from './DepositSummary';
import { describeUpdate } from './describeUpdate';
import type { DepositEngine } from '../engine/DepositEngine';
import { formatBytes } from './parseSize';
import { heldElsewhere } from './planningFailed';
import { wallClockText } from './wallClockText';

/** What `depot deposit` says of its nights with (stderr through `say`, unless --json). */
export type NightText = {
  readonly io: CommandIo;
  readonly v: { readonly json: boolean };
  readonly endpoint: string;
  readonly bucket: string;
  readonly say: (text: string) => void;
  /** A portal's nights (ADR 0032): the portal, not a server, postpones. */
  readonly portal?: boolean;
};

/** What a night's plan is, before it runs. */
export const sayPlanned = (
  d: NightText,
  night: NightInputs,
  plan: PlanningResult,
  readBackAgain: number,
  to = `s3://${d.bucket}/${night.prefix}`,
): void => {
  const { say } = d;
  say(
    `${plan.resumed ? 'Resuming' : 'Planned'} plan ${plan.id}${night.night === undefined ? '' : ` (night ${night.night})`}: ${plan.units} files, ${formatBytes(plan.bytesTotal)} to ${to}` +
      (plan.programme === null ? '' : `, named by the programme "${plan.programme.name}"`) +
      (plan.skippedJunk > 0 ? ` (${plan.skippedJunk} system files skipped)` : ''),
  );
  if (plan.update !== undefined) say(describeUpdate(plan.id, plan.update));
  if (readBackAgain > 0)
    say(
      `${readBackAgain === 1 ? '1 file' : `${readBackAgain} files`} already on the server with content unproven: read back and compared this time`,
    );
};

/** How a night ended: its summary (printed unless --json), and what stopped it, if anything. */
export const sayNight = (
  depot: { readonly engine: DepositEngine },
  deposit: NightDeposit<NightInputs>,
  d: NightText,
): DepositSummary | undefined => {
  const { io, say } = d;
  if (deposit.kind === 'held-elsewhere') {
    heldElsewhere(deposit.error, io);
    return undefined;
  }
  const { night, plan, result, spent, checked, analysis } = deposit;
  const summary: DepositSummary = {
    ...summarize(depot, plan.id, result, spent, {
      ...(night.night === undefined ? {} : { night: night.night }),
      ...(plan.update === undefined ? {} : { update: plan.update }),
      ...(checked === undefined ? {} : { checked }),
    }),
    ...(analysis?.kind === 'ok' ? { analysis: analysis.value } : {}),
  };
  if (!d.v.json) io.stdout.write(formatSummary(summary));
  if (result.kind === 'blocked') {
    const failed = depot.engine
      .failedUnits(plan.id)
      .flatMap((u) => (u.state.kind === 'failed' ? [u.state.cause] : []));
    io.stderr.write(`depot deposit: ${blockedRunMessage(result.cause, d.endpoint, failed)}\n`);
  }
  if (result.kind === 'stopped')
    say('Stopped before the end: run the same command again to resume.');
  if (result.kind === 'postponed' && d.portal === true)
    io.stderr.write(
      `depot deposit: ${result.units} file(s) postponed by the portal until ${wallClockText(result.until)} (it asked to come back later: Retry-After); run the same command after that time.\n`,
    );
  else if (result.kind === 'postponed') {
    // The server's word, never slept on for hours: the other nights go on (issue 30, item 6).
    io.stderr.write(
      `depot deposit: ${result.units} file(s) postponed by the server until ${wallClockText(result.until)} (it asked to come back later: Retry-After); run the same command after that time, or \`depot retry-failures\` then the same command to try now.\n`,
    );
  }
  return summary;
};
