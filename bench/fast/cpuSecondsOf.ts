import { readFileSync } from 'node:fs';

/** Clock ticks per second of /proc's times (USER_HZ: 100 on every Linux the bench runs on). */
const TICKS_PER_S = 100;

/**
 * CPU seconds (user + system, every thread) the processes have used so far, read from
 * /proc/PID/stat; a process gone counts 0. The fast bench reads the server's daemons before and
 * after each tool: what that tool's requests cost the server (issue 15).
 */
export const cpuSecondsOf = (pids: readonly number[]): number =>
  pids.reduce((sum, pid) => {
    let stat: string;
    try {
      stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      return sum;
    }
    // Fields after the command name, which may hold spaces: state is field 3, utime 14, stime 15.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return sum + (Number(fields[11]) + Number(fields[12])) / TICKS_PER_S;
  }, 0);
