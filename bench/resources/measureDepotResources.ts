import { join } from 'node:path';
import type { ResourceResult } from '../BenchResults';
import type { Cleanup } from '../lab/Cleanup';
import { timed } from '../timed';
import { depotTool } from '../tools/depotTool';
import type { ToolContext } from '../tools/Tool';

const ROOT = new URL('../..', import.meta.url).pathname;

/** What the resources part keeps of a run under GNU time: exit code, wall, peak RSS, CPU. */
const timeCommand = async (
  ...args: Parameters<typeof timed>
): Promise<Pick<ResourceResult, 'exitCode' | 'wallS' | 'peakRssMB' | 'cpuS'>> => {
  const { exitCode, wallS, peakRssMB, cpuS } = await timed(...args);
  return { exitCode, wallS, peakRssMB, cpuS };
};

/**
 * Peak RSS and CPU seconds of one `depot deposit` (issue 5, measure 4), straight to the server
 * (no shaping: memory, not the link, is what is measured here).
 */
export const measureDepotResources = async (
  name: string,
  ctx: ToolContext,
  night: { files: number; bytes: number },
  cleanup: Cleanup,
  timeLimitS: number,
): Promise<ResourceResult> => {
  const { argv, env } = depotTool({ partBytes: 0, partsInFlight: 0, version: '' }).command(ctx);
  const timed = await timeCommand(argv, env, ctx.stateDir, cleanup, timeLimitS);
  return { name, files: night.files, bytes: night.bytes, ...timed };
};

/** The floor: `depot help` loads Node and the command line (and the SDK), and does nothing else. */
export const measureDepotBaseline = async (
  stateDir: string,
  cleanup: Cleanup,
): Promise<ResourceResult> => {
  const timed = await timeCommand(
    [join(ROOT, 'bin/depot.js'), 'help'],
    { HOME: stateDir, DEPOT_BUNDLE: 'always' },
    stateDir,
    cleanup,
    60,
  );
  return { name: 'baseline (depot help)', files: 0, bytes: 0, ...timed };
};
