import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { closeSync, mkdirSync, openSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { profileText, vigieChiroPortalProfile } from '../../test/support/programmeProfiles';
import type { FichierDoc } from '../../test/support/vigiechiro/PortalWorld';
import type { StandInLogEntry } from '../../test/support/vigiechiro/startPortalStandIn';
import type { Cleanup } from '../lab/Cleanup';
import { killGroup } from '../lab/Cleanup';
import { driveSchedule, type CutEvent } from '../lab/driveSchedule';
import { FRAMING_BYTES, MSS_BYTES, type LinkLab } from '../lab/LinkLab';
import type { LinkProfile } from '../lab/LinkProfile';
import type { Night } from '../night';
import type { ServerSide } from '../s3/ServerSide';

const ROOT = new URL('../..', import.meta.url).pathname;

/** A portal night's figures over the lab (issue 33): to read beside the S3 run of the same night. */
export type PortalNightRun = {
  readonly files: number;
  readonly payloadBytes: number;
  readonly exitCodes: readonly (number | string)[];
  readonly wallS: number;
  readonly downS: number;
  readonly cuts: readonly CutEvent[];
  /** Files the portal holds as available (finalized) at the end, and their bytes. */
  readonly landedFiles: number;
  readonly landedBytes: number;
  readonly goodputMbit: number;
  readonly goodputFraction: number;
  /** Client-to-server bytes beyond the landed payload, framing and TCP retransmissions. */
  readonly resentBytes: number;
  readonly tcpRetransBytes: number;
  /** Requests the stand-in and radosgw received from the client, by kind, and per file. */
  readonly requests: Readonly<Record<PortalRequestKind, number>>;
  readonly requestsPerFile: Readonly<Record<PortalRequestKind, number>>;
  /** Bytes of the PUT bodies radosgw received (answered or not), beyond the payload. */
  readonly putBytesBeyondPayload: number;
};

export type PortalRequestKind = 'declare' | 'put' | 'finalize' | 'list' | 'participation' | 'other';

const kindOfApi = (e: StandInLogEntry): PortalRequestKind => {
  if (e.method === 'POST' && /\/fichiers$/.test(e.path)) return 'declare';
  if (e.method === 'POST' && /\/fichiers\/[0-9a-f]{24}$/.test(e.path)) return 'finalize';
  if (e.method === 'GET' && /\/pieces_jointes$/.test(e.path)) return 'list';
  if (/\/participations$/.test(e.path)) return 'participation';
  return 'other';
};

type StandIn = {
  readonly endpoint: string;
  readonly token: string;
  readonly siteId: string;
  state(): Promise<{ log: StandInLogEntry[]; fichiers: FichierDoc[] }>;
  stop(): Promise<void>;
};

/** The stand-in in the server's namespace (its own process), its signed URLs to the lab's radosgw. */
const startStandIn = async (
  lab: LinkLab,
  server: ServerSide,
  cleanup: Cleanup,
): Promise<StandIn> => {
  const child: ChildProcessWithoutNullStreams = spawn(
    'ip',
    [
      'netns',
      'exec',
      lab.serverNs,
      process.execPath,
      '--import',
      'tsx',
      join(ROOT, 'bench/portal/portalServer.ts'),
    ],
    {
      cwd: ROOT,
      detached: true,
      env: {
        ...process.env,
        BENCH_PORTAL_HOST: lab.serverAddr,
        BENCH_S3_ENDPOINT: server.endpoint,
        BENCH_CEPH_CONF: server.cephConf,
        AWS_ACCESS_KEY_ID: server.accessKeyId,
        AWS_SECRET_ACCESS_KEY: server.secretAccessKey,
        AWS_REGION: server.region,
      },
    },
  );
  const unregister = cleanup.add(`portal stand-in ${child.pid}`, () => killGroup(child.pid));
  let stderr = '';
  child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
  const lines = createInterface({ input: child.stdout })[Symbol.asyncIterator]();
  const nextLine = async (): Promise<string> => {
    const got = await lines.next();
    if (got.done === true) throw new Error(`portal stand-in ended: ${stderr.trim()}`);
    return got.value;
  };
  const first = JSON.parse(await nextLine()) as { endpoint: string; token: string; siteId: string };
  return {
    ...first,
    state: async () => {
      child.stdin.write('log\n');
      return JSON.parse(await nextLine()) as { log: StandInLogEntry[]; fichiers: FichierDoc[] };
    },
    stop: async () => {
      const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
      child.stdin.write('stop\n');
      await exited;
      unregister();
    },
  };
};

/**
 * The night deposited by `depot deposit` to the Vigie-Chiro stand-in over the lab's link with the
 * profile's cuts (rerun as a volunteer would while it exits resumable), from a new database. The
 * stand-in runs in the server's namespace beside radosgw, its signed URLs pointing at radosgw, so
 * both the API calls and the PUTs cross the shaped link. Counted from the servers' own logs.
 */
export const measurePortalNight = async (o: {
  readonly lab: LinkLab;
  readonly server: ServerSide;
  readonly night: Night;
  readonly profile: LinkProfile;
  readonly linkMbit: number;
  readonly workDir: string;
  readonly maxRuns: number;
  readonly timeLimitS: number;
  readonly cleanup: Cleanup;
  readonly log: (line: string) => void;
}): Promise<PortalNightRun> => {
  const stateDir = join(o.workDir, `portal-${o.profile.name}`);
  mkdirSync(stateDir, { recursive: true });
  const standIn = await startStandIn(o.lab, o.server, o.cleanup);
  try {
    o.log(`  portal stand-in: ${standIn.endpoint} (signed URLs to ${o.server.endpoint})`);
    const programme = join(stateDir, 'vigie-chiro-portal.json');
    writeFileSync(
      programme,
      profileText(
        vigieChiroPortalProfile({
          api: standIn.endpoint,
          signIn: `${standIn.endpoint}/login/google`,
        }),
      ),
    );
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
    for (let run = 0; run < o.maxRuns; run++) {
      const out = openSync(join(stateDir, `run${run}.out`), 'w');
      const err = openSync(join(stateDir, `run${run}.err`), 'w');
      const child = spawn(
        'ip',
        [
          'netns',
          'exec',
          o.lab.clientNs,
          join(ROOT, 'bin/depot.js'),
          'deposit',
          o.night.dir,
          '--programme',
          programme,
          ...['--field', 'carre=640123', '--field', 'passage=1'],
          ...['--field', 'point=Z1', '--field', 'detecteur=SM4-07'],
          ...['--site', standIn.siteId, '--point', 'Z1'],
          ...['--db', join(stateDir, 'depot.sqlite'), '--json'],
        ],
        {
          detached: true,
          stdio: ['ignore', out, err],
          env: {
            PATH: process.env.PATH ?? '/usr/bin:/bin',
            HOME: stateDir,
            DEPOT_BUNDLE: 'always',
            DEPOT_PORTAL_TOKEN: standIn.token,
          },
        },
      );
      closeSync(out);
      closeSync(err);
      const unregister = o.cleanup.add(`depot portal pid ${child.pid}`, () => killGroup(child.pid));
      const limitMs = started + o.timeLimitS * 1000 - Date.now();
      let timer: NodeJS.Timeout | undefined;
      const code = await Promise.race([
        new Promise<number | string>((resolve) =>
          child.once('exit', (c, signal) => resolve(c ?? signal ?? 'unknown')),
        ),
        new Promise<'limit'>((resolve) => {
          timer = setTimeout(() => resolve('limit'), Math.max(0, limitMs));
        }),
      ]);
      clearTimeout(timer);
      if (code === 'limit') killGroup(child.pid, 'SIGKILL');
      unregister();
      exitCodes.push(code);
      if (code === 0 || code === 'limit') break;
      o.log(`  depot (portal) exited ${code}: running it again`);
    }
    const wallS = (Date.now() - started) / 1000;
    scheduleStop.abort();
    const cuts = await schedule;
    const after = o.lab.counters();
    o.lab.setLoss(0);
    const logged = logMark === undefined ? [] : ((await o.server.requests?.since(logMark)) ?? []);
    const puts = logged.filter(
      (r) => r.remote === o.lab.clientAddr && r.method === 'PUT' && r.target.includes('Signature='),
    );
    const { log, fichiers } = await standIn.state();
    const requests: Record<PortalRequestKind, number> = {
      declare: 0,
      put: puts.length,
      finalize: 0,
      list: 0,
      participation: 0,
      other: 0,
    };
    for (const e of log) requests[kindOfApi(e)] += 1;
    const landed = fichiers.filter((f) => f.disponible).length;
    // Every file available: the whole payload landed; otherwise its share (sizes are not mapped).
    const landedBytes =
      landed === o.night.files
        ? o.night.bytes
        : Math.round((o.night.bytes * landed) / o.night.files);
    const txBytes = after.txBytes - before.txBytes;
    const txPackets = after.txPackets - before.txPackets;
    const tcpRetransBytes = (after.tcpRetransSegs - before.tcpRetransSegs) * MSS_BYTES;
    const goodputMbit = (landedBytes * 8) / wallS / 1e6;
    const perFile = Object.fromEntries(
      Object.entries(requests).map(([k, n]) => [k, n / o.night.files]),
    ) as Record<PortalRequestKind, number>;
    return {
      files: o.night.files,
      payloadBytes: o.night.bytes,
      exitCodes,
      wallS,
      downS: cuts.reduce((sum, c) => sum + (c.endedS - c.startedS), 0),
      cuts,
      landedFiles: landed,
      landedBytes,
      goodputMbit,
      goodputFraction: goodputMbit / o.linkMbit,
      resentBytes: txBytes - txPackets * FRAMING_BYTES - landedBytes - tcpRetransBytes,
      tcpRetransBytes,
      requests,
      requestsPerFile: perFile,
      putBytesBeyondPayload: puts.reduce((n, r) => n + r.bytes, 0) - o.night.bytes,
    };
  } finally {
    await standIn.stop();
  }
};
