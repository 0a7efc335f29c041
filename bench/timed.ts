import { spawn } from 'node:child_process';
import { closeSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastRun } from './fast/FastRun';
import type { Cleanup } from './lab/Cleanup';
import { killGroup } from './lab/Cleanup';

const ROOT = new URL('..', import.meta.url).pathname;

export type Timed = Pick<FastRun, 'exitCode' | 'wallS' | 'cpuS' | 'peakRssMB' | 'readBytes'>;

/** GNU time's format: elapsed, user, system, max RSS (KiB), file system inputs (512-byte blocks). */
const FORMAT = '%e %U %S %M %I %x';

/**
 * One command under GNU time, its output in `stateDir`/tool.out, its process group killed after
 * `timeLimitS` or by `cleanup` (the fast profile, `compareBuilds`, the resources part).
 */
export const timed = (
  argv: readonly string[],
  env: Record<string, string>,
  stateDir: string,
  cleanup: Cleanup,
  timeLimitS: number,
): Promise<Timed> =>
  new Promise((resolve) => {
    const timeFile = join(stateDir, 'time.txt');
    const out = openSync(join(stateDir, 'tool.out'), 'w');
    const child = spawn('/usr/bin/time', ['-f', FORMAT, '-o', timeFile, ...argv], {
      cwd: ROOT,
      detached: true,
      stdio: ['ignore', out, out],
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
    });
    closeSync(out);
    const remove = cleanup.add(`timed ${child.pid}`, () => killGroup(child.pid));
    const timer = setTimeout(() => killGroup(child.pid), timeLimitS * 1000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      remove();
      let fields: number[] = [];
      try {
        // The last line: GNU time puts "Command exited with non-zero status N" above it.
        const lines = readFileSync(timeFile, 'utf8').trim().split('\n');
        fields = (lines[lines.length - 1] ?? '').split(' ').map(Number);
      } catch {
        // Killed before GNU time wrote its report.
      }
      const [wall, user, sys, rssKiB, inputs, exit] = fields;
      resolve({
        exitCode: exit ?? code,
        wallS: wall ?? NaN,
        cpuS: (user ?? NaN) + (sys ?? NaN),
        peakRssMB: (rssKiB ?? NaN) / 1024,
        // ru_inblock is the kernel's read_bytes >> 9 (task_io_get_inblock), summed over the
        // children GNU time waited for: the same count as /proc/PID/io, for the whole tree.
        readBytes: (inputs ?? NaN) * 512,
      });
    });
  });
