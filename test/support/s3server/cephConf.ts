/**
 * The ceph.conf of a throw-away one-node cluster living entirely in `dir` (LAB.md, radosgw).
 * Everything that matters for it to start at all is here, each with its reason.
 */
export type CephConfParams = {
  readonly fsid: string;
  readonly dir: string;
  readonly host: string;
  readonly monPort: number;
  readonly rgwPort: number;
  readonly memoryBytes: number;
  /**
   * radosgw's `debug rgw` (absent: Ceph's default, 1/5, which logs one access line per request;
   * the bench counts requests from it and turns it off with 0/5 to see what it costs).
   */
  readonly rgwDebug?: string;
};

export const cephConf = (p: CephConfParams): string => {
  const d = p.dir;
  return [
    '[global]',
    `fsid = ${p.fsid}`,
    `mon host = [v2:${p.host}:${p.monPort}]`,
    'mon initial members = a',
    `public addr = ${p.host}`,
    'ms bind msgr1 = false',
    // Nobody but the test clients can reach this cluster; auth would only slow the start down.
    'auth cluster required = none',
    'auth service required = none',
    'auth client required = none',
    // Without it radosgw hangs forever ("send_auth_request ... returned -13").
    'ms mon client mode = crc',
    // One OSD: every pool must live with a single replica.
    'osd pool default size = 1',
    'osd pool default min size = 1',
    'osd pool default pg num = 8',
    'osd pool default pgp num = 8',
    'osd pool default pg autoscale mode = off',
    'mon allow pool size one = true',
    'mon max pg per osd = 1000',
    'osd crush chooseleaf type = 0',
    // A nearly full /tmp must not stop the monitor from answering.
    'mon data avail crit = 0',
    'mon data avail warn = 0',
    // Data in memory: fast, and gone with the processes.
    'osd objectstore = memstore',
    `memstore device bytes = ${p.memoryBytes}`,
    `run dir = ${d}/run`,
    `log file = ${d}/log/$name.log`,
    `pid file = ${d}/run/$name.pid`,
    `admin socket = ${d}/run/$name.asok`,
    `keyring = ${d}/keyring`,
    '',
    '[mon.a]',
    `mon data = ${d}/mon`,
    '',
    '[osd.0]',
    `osd data = ${d}/osd`,
    '',
    '[client.rgw]',
    `rgw frontends = beast endpoint=${p.host}:${p.rgwPort}`,
    `rgw data = ${d}/rgw`,
    // Fewer idle threads: the server shares two cores with six test runs.
    'rgw thread pool size = 64',
    ...(p.rgwDebug === undefined ? [] : [`debug rgw = ${p.rgwDebug}`]),
    '',
  ].join('\n');
};
