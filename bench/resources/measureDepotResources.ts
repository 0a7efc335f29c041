import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ResourceResult } from '../BenchResults';
import type { Cleanup } from '../lab/Cleanup';
import { killGroup } from '../lab/Cleanup';
import { depotTool } from '../tools/depotTool';
import type { ToolContext } from '../tools/Tool';

const ROOT = new URL('../..', import.meta.url).pathname;

type Timed = Pick<ResourceResult, 'exitCode' | 'wallS' | 'peakRssMB' | 'cpuS'>;

/** Runs a command under GNU time (`-v`): exit code, wall time, peak RSS and CPU seconds. */
const timeCommand = (
  argv: readonly string[],
  env: Record<string, string>,
  stateDir: string,
  cleanup: Cleanup,
  timeLimitS: number,
): Promise<Timed> =>
  new Promise((resolve) => {
    const timeFile = join(stateDir, 'time.txt');
    const out = openSync(join(stateDir, 'resources.out'), 'w');
    const started = Date.now();
    const child = spawn('/usr/bin/time', ['-v', '-o', timeFile, ...argv], {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', out, out],
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
    });
    closeSync(out);
    const remove = cleanup.add(`resources ${child.pid}`, () => killGroup(child.pid));
    const timer = setTimeout(() => killGroup(child.pid), timeLimitS * 1000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      remove();
      let text = '';
      try {
        text = readFileSync(timeFile, 'utf8');
      } catch {
        // Killed before GNU time wrote its report.
      }
      const field = (label: string): number => {
        const m = new RegExp(`${label}: ([0-9.]+)`).exec(text);
        return m === null ? NaN : Number(m[1]);
      };
      const exitMatch = /Exit status: (\d+)/.exec(text);
      resolve({
        exitCode: exitMatch === null ? code : Number(exitMatch[1]),
        wallS: (Date.now() - started) / 1000,
        peakRssMB: field('Maximum resident set size \\(kbytes\\)') / 1024,
        cpuS: field('User time \\(seconds\\)') + field('System time \\(seconds\\)'),
      });
    });
  });

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
