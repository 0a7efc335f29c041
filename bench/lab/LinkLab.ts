import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Cleanup, killGroup, sh } from './Cleanup';
import type { LinkSettings } from './LinkSettings';

/** Traffic counters of the client's side of the link (only the tools under test use it). */
export type WireCounters = {
  readonly txBytes: number;
  readonly txPackets: number;
  readonly rxBytes: number;
  readonly rxPackets: number;
  readonly tcpRetransSegs: number;
  readonly lossDropped: number;
};

/**
 * Two network namespaces joined by a veth pair: the tools run in the client's, the S3 server in
 * the server's. The link is shaped as LAB.md found works on this kernel (no netem): tbf on both
 * ends, an NFQUEUE program for delay, nftables for random loss, link down/up for cuts.
 */
export type LinkLab = {
  readonly clientNs: string;
  readonly serverNs: string;
  readonly clientAddr: string;
  readonly serverAddr: string;
  readonly settings: LinkSettings;
  inClient(argv: readonly string[]): string[];
  inServer(argv: readonly string[]): string[];
  setLink(up: boolean): void;
  setLoss(permille: number): void;
  /** Kills every TCP connection to `port` on both ends, as a phone changing cell does. */
  resetConnections(port: number): void;
  counters(): WireCounters;
};

/** TCP/IP framing per segment on the veth: Ethernet 14 + IPv4 20 + TCP with timestamps 32. */
export const FRAMING_BYTES = 66;
export const MSS_BYTES = 1448;

const LOSS_TABLE = 'depotlab_loss';

export const startLinkLab = async (
  settings: LinkSettings,
  cleanup: Cleanup,
  log: (line: string) => void,
): Promise<LinkLab> => {
  const id = process.pid;
  const clientNs = `depotlab-${id}-c`;
  const serverNs = `depotlab-${id}-s`;
  const clientDev = `dlc${id}`;
  const serverDev = `dls${id}`;
  // A private /30 derived from our PID so parallel runs never share addresses.
  const subnet = `10.213.${(id >> 6) & 255}.${(id & 63) * 4}`;
  const base = subnet.split('.').map(Number);
  const addr = (offset: number): string =>
    [base[0], base[1], base[2], (base[3] ?? 0) + offset].join('.');
  const clientAddr = addr(1);
  const serverAddr = addr(2);
  const inClient = (argv: readonly string[]): string[] => [
    'ip',
    'netns',
    'exec',
    clientNs,
    ...argv,
  ];
  const inServer = (argv: readonly string[]): string[] => [
    'ip',
    'netns',
    'exec',
    serverNs,
    ...argv,
  ];

  const work = mkdtempSync(join(tmpdir(), 'depotlab-'));
  cleanup.add('lab temp dir', () => rmSync(work, { recursive: true, force: true }));

  sh(['ip', 'netns', 'add', clientNs]);
  cleanup.add(`netns ${clientNs}`, () => sh(['ip', 'netns', 'del', clientNs], { allowFail: true }));
  sh(['ip', 'netns', 'add', serverNs]);
  cleanup.add(`netns ${serverNs}`, () => sh(['ip', 'netns', 'del', serverNs], { allowFail: true }));
  // Created inside the client's namespace: deleting the namespace deletes the pair.
  sh(['ip', '-n', clientNs, 'link', 'add', clientDev, 'type', 'veth', 'peer', 'name', serverDev]);
  sh(['ip', '-n', clientNs, 'link', 'set', serverDev, 'netns', serverNs]);
  sh(['ip', '-n', clientNs, 'addr', 'add', `${clientAddr}/30`, 'dev', clientDev]);
  sh(['ip', '-n', serverNs, 'addr', 'add', `${serverAddr}/30`, 'dev', serverDev]);
  for (const [ns, dev] of [
    [clientNs, clientDev],
    [serverNs, serverDev],
  ] as const) {
    // One segment per packet, so wire bytes minus framing gives the payload on the wire.
    sh(['ip', '-n', ns, 'link', 'set', dev, 'gso_max_segs', '1', 'gso_max_size', '1500']);
    sh(['ip', '-n', ns, 'link', 'set', dev, 'up']);
    sh(['ip', '-n', ns, 'link', 'set', 'lo', 'up']);
    sh(
      inNs(ns, [
        'tc',
        'qdisc',
        'add',
        'dev',
        dev,
        'root',
        'tbf',
        'rate',
        `${settings.rateMbit}mbit`,
        'burst',
        '32kbit',
        'latency',
        '400ms',
      ]),
    );
  }

  // An unshaped side door from this (root) namespace to the server, only for the bench's own
  // chores (server start-up checks, bucket creation): the tools never use it.
  const mgmtHostDev = `dlm${id}`;
  const mgmtServerDev = `dln${id}`;
  const mgmt = `10.214.${(id >> 6) & 255}.${(id & 63) * 4}`.split('.').map(Number);
  const mgmtAddr = (offset: number): string =>
    [mgmt[0], mgmt[1], mgmt[2], (mgmt[3] ?? 0) + offset].join('.');
  sh(['ip', 'link', 'add', mgmtHostDev, 'type', 'veth', 'peer', 'name', mgmtServerDev]);
  cleanup.add(`veth ${mgmtHostDev}`, () =>
    sh(['ip', 'link', 'del', mgmtHostDev], { allowFail: true }),
  );
  sh(['ip', 'link', 'set', mgmtServerDev, 'netns', serverNs]);
  sh(['ip', 'addr', 'add', `${mgmtAddr(1)}/30`, 'dev', mgmtHostDev]);
  sh(['ip', '-n', serverNs, 'addr', 'add', `${mgmtAddr(2)}/30`, 'dev', mgmtServerDev]);
  sh(['ip', 'link', 'set', mgmtHostDev, 'up']);
  sh(['ip', '-n', serverNs, 'link', 'set', mgmtServerDev, 'up']);
  sh(['ip', 'route', 'add', `${serverAddr}/32`, 'via', mgmtAddr(2), 'dev', mgmtHostDev]);

  if (settings.delayMs > 0) {
    const binary = join(work, 'delay');
    const source = new URL('../netlab/delay.c', import.meta.url).pathname;
    sh(['gcc', '-O2', '-Wall', '-o', binary, source, '-lnetfilter_queue']);
    for (const rule of [
      ['-A', 'INPUT', '-i', serverDev],
      ['-A', 'OUTPUT', '-o', serverDev],
    ]) {
      sh(
        inNs(serverNs, [
          'iptables',
          ...rule,
          '-j',
          'NFQUEUE',
          '--queue-num',
          '0',
          '--queue-bypass',
        ]),
      );
    }
    const child = spawn('ip', ['netns', 'exec', serverNs, binary, '0', String(settings.delayMs)], {
      detached: true,
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    child.stderr.on('data', (chunk: Buffer) => log(chunk.toString().trim()));
    // SIGTERM first: the program releases the packets it holds before exiting.
    cleanup.add(`delay program ${child.pid}`, () => killGroup(child.pid, 'SIGTERM'));
    await new Promise((resolve) => setTimeout(resolve, 300));
    if (child.exitCode !== null) throw new Error(`delay program exited (${child.exitCode})`);
  }

  const setLoss = (permille: number): void => {
    sh(inNs(serverNs, ['nft', 'delete', 'table', 'inet', LOSS_TABLE]), { allowFail: true });
    if (permille <= 0) return;
    const n = Math.round(permille);
    sh(inNs(serverNs, ['nft', '-f', '-']), {
      input: [
        `table inet ${LOSS_TABLE} {`,
        `  chain in { type filter hook input priority -10; iifname "${serverDev}" numgen random mod 1000 < ${n} counter drop; }`,
        `  chain out { type filter hook output priority -10; oifname "${serverDev}" numgen random mod 1000 < ${n} counter drop; }`,
        '}',
        '',
      ].join('\n'),
    });
  };
  setLoss(settings.lossPermille);

  const lossDropped = (): number => {
    const out = sh(inNs(serverNs, ['nft', 'list', 'table', 'inet', LOSS_TABLE]), {
      allowFail: true,
    });
    return [...out.matchAll(/counter packets (\d+)/g)].reduce((sum, m) => sum + Number(m[1]), 0);
  };

  const counters = (): WireCounters => {
    const [link] = JSON.parse(
      sh(['ip', '-n', clientNs, '-s', '-j', 'link', 'show', clientDev]),
    ) as {
      stats64: { tx: { bytes: number; packets: number }; rx: { bytes: number; packets: number } };
    }[];
    const snmp = sh(inNs(clientNs, ['cat', '/proc/net/snmp'])).split('\n');
    const tcpHeader = snmp.find((l) => l.startsWith('Tcp: ') && l.includes('RetransSegs'));
    const tcpValues = snmp.find((l) => l.startsWith('Tcp: ') && !l.includes('RetransSegs'));
    const names = tcpHeader?.split(/\s+/) ?? [];
    const values = tcpValues?.split(/\s+/) ?? [];
    const retrans = Number(values[names.indexOf('RetransSegs')] ?? 0);
    return {
      txBytes: link?.stats64.tx.bytes ?? 0,
      txPackets: link?.stats64.tx.packets ?? 0,
      rxBytes: link?.stats64.rx.bytes ?? 0,
      rxPackets: link?.stats64.rx.packets ?? 0,
      tcpRetransSegs: retrans,
      lossDropped: lossDropped(),
    };
  };

  return {
    clientNs,
    serverNs,
    clientAddr,
    serverAddr,
    settings,
    inClient,
    inServer,
    // The client's side goes down, as a laptop losing its tether: its sends fail, the server's
    // packets are lost on a link without carrier.
    setLink: (up) => sh(['ip', '-n', clientNs, 'link', 'set', clientDev, up ? 'up' : 'down']),
    setLoss,
    resetConnections(port) {
      sh(inClient(['ss', '-K', 'dst', serverAddr, 'dport', '=', `:${port}`]), { allowFail: true });
      sh(inServer(['ss', '-K', 'src', serverAddr, 'sport', '=', `:${port}`]), { allowFail: true });
    },
    counters,
  };
};

const inNs = (ns: string, argv: readonly string[]): string[] => [
  'ip',
  'netns',
  'exec',
  ns,
  ...argv,
];
