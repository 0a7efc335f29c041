import { spawn } from 'node:child_process';
import type { Cleanup } from './Cleanup';
import { killGroup } from './Cleanup';
import type { LinkLab } from './LinkLab';
import { quantile } from '../quantile';

/** The lab's link as measured before any tool runs. */
export type LinkCheck = {
  /** Payload rate of one bulk TCP stream, no loss, no cuts: the denominator of goodput. */
  readonly rateMbit: number;
  readonly rttMs: number;
  /** Random loss measured by nftables' counters during a bulk transfer (both directions). */
  readonly lossPercent: number;
  readonly rateWithLossMbit: number;
};

const PROBE = new URL('./linkProbe.ts', import.meta.url).pathname;
const PORT = 5201;

const runProbe = (lab: LinkLab, seconds: number, cleanup: Cleanup) =>
  new Promise<{ rttMs: number[]; mbit: number }>((resolve, reject) => {
    const argv = lab.inClient([
      process.execPath,
      '--import',
      'tsx',
      PROBE,
      'probe',
      lab.serverAddr,
      String(PORT),
      String(seconds),
      '2',
    ]);
    const child = spawn(argv[0] ?? '', argv.slice(1), {
      detached: true,
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    const remove = cleanup.add(`probe ${child.pid}`, () => killGroup(child.pid));
    let out = '';
    child.stdout.on('data', (c: Buffer) => (out += c.toString()));
    const timer = setTimeout(() => killGroup(child.pid), (seconds + 60) * 1000);
    child.once('close', (code) => {
      clearTimeout(timer);
      remove();
      if (code === 0) resolve(JSON.parse(out) as { rttMs: number[]; mbit: number });
      else reject(new Error(`link probe failed (${code})`));
    });
  });

const median = (values: readonly number[]): number => quantile(values, 0.5);

export const measureLink = async (
  lab: LinkLab,
  seconds: number,
  cleanup: Cleanup,
): Promise<LinkCheck> => {
  const argv = lab.inServer([
    process.execPath,
    '--import',
    'tsx',
    PROBE,
    'sink',
    lab.serverAddr,
    String(PORT),
  ]);
  const sink = spawn(argv[0] ?? '', argv.slice(1), {
    detached: true,
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const removeSink = cleanup.add(`sink ${sink.pid}`, () => killGroup(sink.pid));
  try {
    await new Promise<void>((resolve, reject) => {
      sink.stdout.once('data', () => resolve());
      sink.once('exit', (code) => reject(new Error(`link sink exited (${code})`)));
    });
    lab.setLoss(0);
    const clean = await runProbe(lab, seconds, cleanup);
    lab.setLoss(lab.settings.lossPermille);
    const before = lab.counters();
    const lossy = await runProbe(lab, seconds, cleanup);
    const after = lab.counters();
    const dropped = after.lossDropped - before.lossDropped;
    const packets =
      after.txPackets - before.txPackets + (after.rxPackets - before.rxPackets) + dropped;
    return {
      rateMbit: clean.mbit,
      rttMs: median(clean.rttMs),
      lossPercent: packets > 0 ? (100 * dropped) / packets : 0,
      rateWithLossMbit: lossy.mbit,
    };
  } finally {
    removeSink();
  }
};
