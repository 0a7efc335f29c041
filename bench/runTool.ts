import { spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { killGroup } from './lab/Cleanup';
import type { Cleanup } from './lab/Cleanup';
import { driveSchedule } from './lab/driveSchedule';
import { FRAMING_BYTES, type LinkLab, MSS_BYTES } from './lab/LinkLab';
import type { LinkProfile } from './lab/LinkProfile';
import { tallyRequests } from './requests/RequestTally';
import type { ManifestEntry } from './s3/ManifestEntry';
import type { ServerSide } from './s3/ServerSide';
import type { Tool, ToolContext } from './tools/Tool';
import type { ToolRunResult } from './ToolRunResult';

export type RunToolOptions = {
  readonly lab: LinkLab;
  readonly server: ServerSide;
  readonly tool: Tool;
  readonly profile: LinkProfile;
  readonly nightDir: string;
  readonly manifestFile: string;
  readonly payloadBytes: number;
  /** The measured rate of the lab's link, the denominator of goodput fractions. */
  readonly linkMbit: number;
  readonly workDir: string;
  /** Seconds from the start at which the tool is killed with SIGKILL and started again. */
  readonly killAtS?: readonly number[];
  readonly maxRuns: number;
  readonly timeLimitS: number;
  /**
   * A deposit of a night already on the server (issue 11's re-deposit): `first` leaves its objects
   * for the `second` run, which starts from fresh local state (a new database for Depot) under the
   * same prefix. Absent: a single deposit, purged after.
   */
  readonly redeposit?: 'first' | 'second';
  readonly cleanup: Cleanup;
  readonly log: (line: string) => void;
};

type Exit = { code: number | null; signal: NodeJS.Signals | null };

/**
 * Runs one tool over the lab until it finished its job (rerunning it like a volunteer would, up
 * to `maxRuns`), with the profile's cut schedule playing from its first start, then verifies the
 * objects against the local SHA-256 inside the server's namespace and purges them.
 */
export const runTool = async (o: RunToolOptions): Promise<ToolRunResult> => {
  const scenario =
    o.redeposit !== undefined ? 'redeposit' : o.killAtS === undefined ? 'link' : 'kills';
  const label = `${o.tool.name}-${o.profile.name}-${scenario}`;
  const stateDir = join(o.workDir, o.redeposit === undefined ? label : `${label}-${o.redeposit}`);
  mkdirSync(stateDir, { recursive: true });
  const prefix = `${label}/`;
  const ctx: ToolContext = {
    endpoint: o.server.endpoint,
    region: o.server.region,
    accessKeyId: o.server.accessKeyId,
    secretAccessKey: o.server.secretAccessKey,
    bucket: o.server.bucket,
    prefix,
    nightDir: o.nightDir,
    stateDir,
  };
  o.lab.setLoss(o.profile.settings.lossPermille);
  const before = o.lab.counters();
  const logMark = o.server.requests?.mark();
  const started = Date.now();
  const scheduleStop = new AbortController();
  const schedule = driveSchedule(
    o.lab,
    o.profile.cuts,
    Number(new URL(o.server.endpoint).port),
    started,
    scheduleStop.signal,
    o.log,
  );

  const exitCodes: (number | string)[] = [];
  let kills = 0;
  let timedOut = false;
  let lastStdout = '';
  const pendingKills = [...(o.killAtS ?? [])];
  for (let run = 0; run < o.maxRuns; run++) {
    const { argv, env } = o.tool.command(ctx);
    const outFile = join(stateDir, `run${run}.out`);
    const out = openSync(outFile, 'w');
    const err = openSync(join(stateDir, `run${run}.err`), 'w');
    const child = spawn('ip', ['netns', 'exec', o.lab.clientNs, ...argv], {
      detached: true,
      stdio: ['ignore', out, err],
      env: { PATH: process.env.PATH ?? '/usr/bin:/bin', ...env },
    });
    closeSync(out);
    closeSync(err);
    const unregister = o.cleanup.add(`${label} pid ${child.pid}`, () => killGroup(child.pid));
    const exited = new Promise<Exit>((resolve) =>
      child.once('exit', (code, signal) => resolve({ code, signal })),
    );
    const nextKill = pendingKills[0];
    const limitMs = started + o.timeLimitS * 1000 - Date.now();
    const killMs = nextKill === undefined ? Infinity : started + nextKill * 1000 - Date.now();
    let timer: NodeJS.Timeout | undefined;
    const reason = await Promise.race([
      exited.then(() => 'exit' as const),
      new Promise<'kill' | 'limit'>((resolve) => {
        const ms = Math.max(0, Math.min(killMs, limitMs));
        timer = setTimeout(() => resolve(killMs <= limitMs ? 'kill' : 'limit'), ms);
      }),
    ]);
    clearTimeout(timer);
    if (reason !== 'exit') {
      killGroup(child.pid, 'SIGKILL');
      if (reason === 'kill') {
        pendingKills.shift();
        kills++;
        o.log(`  kill -9 ${o.tool.name} at ${((Date.now() - started) / 1000).toFixed(0)} s`);
      } else timedOut = true;
    }
    const exit = await exited;
    unregister();
    lastStdout = readFileSync(outFile, 'utf8');
    exitCodes.push(reason === 'kill' ? 'SIGKILL' : (exit.code ?? exit.signal ?? 'unknown'));
    if (timedOut) break;
    if (reason === 'exit' && o.tool.succeeded(exit.code)) break;
    if (reason === 'exit') o.log(`  ${o.tool.name} exited ${exit.code}: running it again`);
  }
  const wallS = (Date.now() - started) / 1000;
  scheduleStop.abort();
  const cuts = await schedule;
  const after = o.lab.counters();
  o.lab.setLoss(0);
  // Before the verification's own requests; the client's address keeps the server's chores out.
  const logged = logMark === undefined ? undefined : await o.server.requests?.since(logMark);
  const requests =
    logged === undefined
      ? null
      : tallyRequests(
          logged.filter((r) => r.remote === o.lab.clientAddr),
          {
            bucket: o.server.bucket,
            prefix,
            files: (JSON.parse(readFileSync(o.manifestFile, 'utf8')) as ManifestEntry[]).map(
              (e) => e.relativePath,
            ),
          },
        );

  const verify = await o.server.verify(prefix, o.manifestFile);
  if (o.redeposit !== 'first') await o.server.purge(prefix);

  const txBytes = after.txBytes - before.txBytes;
  const txPackets = after.txPackets - before.txPackets;
  const tcpRetransBytes = (after.tcpRetransSegs - before.tcpRetransSegs) * MSS_BYTES;
  const landedBytes = verify.verifiedBytes;
  const resentBytes = txBytes - txPackets * FRAMING_BYTES - landedBytes - tcpRetransBytes;
  const downS = cuts.reduce((sum, c) => sum + (c.endedS - c.startedS), 0);
  const goodputMbit = (landedBytes * 8) / wallS / 1e6;
  const runs = exitCodes.length;
  const finished = exitCodes[exitCodes.length - 1] === 0;
  const kills_ = kills;
  return {
    tool: o.tool.name,
    profile: o.profile.name,
    scenario,
    exitCodes,
    reruns: runs - 1 - kills_,
    kills: kills_,
    timedOut,
    completedUnattended:
      finished &&
      runs - 1 - kills_ === 0 &&
      verify.verified === verify.files &&
      verify.openMultipartUploads === 0,
    wallS,
    downS,
    payloadBytes: o.payloadBytes,
    landedBytes,
    goodputMbit,
    goodputFraction: goodputMbit / o.linkMbit,
    goodputFractionUpTime: (landedBytes * 8) / Math.max(1, wallS - downS) / 1e6 / o.linkMbit,
    wireMinusPayload: txBytes - landedBytes,
    resentBytes,
    tcpRetransBytes,
    cuts,
    resentPerCut: cuts.length > 0 ? resentBytes / cuts.length : null,
    resentPerKill: kills_ > 0 ? resentBytes / kills_ : null,
    boundBytes: o.tool.partBytes * o.tool.partsInFlight,
    verify,
    requests,
    summary: parseSummary(lastStdout),
  };
};

/** The last JSON line a tool printed (Depot's --json summary), if any. */
const parseSummary = (stdout: string): unknown => {
  const lines = stdout.trim().split('\n').reverse();
  for (const line of lines) {
    try {
      return JSON.parse(line) as unknown;
    } catch {
      // Not JSON: keep looking.
    }
  }
  return null;
};
