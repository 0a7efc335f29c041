import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { startS3Server } from '../../test/support/s3server/startS3Server';
import type { Cleanup } from '../lab/Cleanup';
import { killGroup } from '../lab/Cleanup';
import type { LinkLab } from '../lab/LinkLab';
import { serverRequestLog, type ServerRequestLog } from '../requests/ServerRequestLog';
import type { VerifyReport } from './VerifyReport';

const ROOT = new URL('../..', import.meta.url).pathname;
const S3TOOL_TIMEOUT_MS = 15 * 60_000;

/** The real S3 server (radosgw) inside the lab's server namespace, with its chores. */
export type ServerSide = {
  readonly endpoint: string;
  readonly region: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
  readonly bucket: string;
  /** radosgw's ceph.conf, for `radosgw-admin` in the server's namespace (the portal's own user). */
  readonly cephConf: string;
  /** radosgw's access log, every request it received; null when the bench turned it off. */
  readonly requests: ServerRequestLog | null;
  verify(prefix: string, manifestFile: string): Promise<VerifyReport>;
  purge(prefix: string): Promise<unknown>;
  stop(): Promise<void>;
};

export const startServerSide = async (
  lab: LinkLab,
  bucket: string,
  cleanup: Cleanup,
  log: (line: string) => void,
  /** false: radosgw logs no access line (`debug rgw = 0/5`), to see what logging costs. */
  accessLog = true,
): Promise<ServerSide> => {
  const server = await startS3Server({
    host: lab.serverAddr,
    wrap: lab.inServer([]),
    ...(accessLog ? {} : { rgwDebug: '0/5' }),
    log: (line) => log(`  s3: ${line}`),
  });
  // The launcher stops by PID on a normal exit; on a signal ours must too, before the namespace goes.
  const unregister = cleanup.add('s3 server', () => {
    for (const pid of server.pids) killGroup(pid, 'SIGKILL');
  });

  /** s3tool in the server's namespace: local traffic, never the shaped link. */
  const s3tool = (args: readonly string[]): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const child = spawn(
        'ip',
        [
          'netns',
          'exec',
          lab.serverNs,
          process.execPath,
          '--import',
          'tsx',
          join(ROOT, 'bench/s3/s3tool.ts'),
          ...args,
        ],
        {
          cwd: ROOT,
          detached: true,
          stdio: ['ignore', 'pipe', 'pipe'],
          env: {
            ...process.env,
            BENCH_S3_ENDPOINT: server.endpoint,
            AWS_ACCESS_KEY_ID: server.accessKeyId,
            AWS_SECRET_ACCESS_KEY: server.secretAccessKey,
            AWS_REGION: server.region,
          },
        },
      );
      const remove = cleanup.add(`s3tool ${child.pid}`, () => killGroup(child.pid));
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (c: Buffer) => (stdout += c.toString()));
      child.stderr.on('data', (c: Buffer) => (stderr += c.toString()));
      const timer = setTimeout(() => killGroup(child.pid), S3TOOL_TIMEOUT_MS);
      child.once('close', (code) => {
        clearTimeout(timer);
        remove();
        if (code === 0) resolve(JSON.parse(stdout.trim().split('\n').pop() ?? 'null') as unknown);
        else reject(new Error(`s3tool ${args[0]} failed (${code}): ${stderr.trim()}`));
      });
    });

  await s3tool(['mkbucket', bucket]);
  return {
    endpoint: server.endpoint,
    region: server.region,
    accessKeyId: server.accessKeyId,
    secretAccessKey: server.secretAccessKey,
    bucket,
    cephConf: join(server.dir, 'ceph.conf'),
    requests: accessLog ? serverRequestLog(join(server.dir, 'log', 'client.rgw.log')) : null,
    verify: async (prefix, manifestFile) =>
      (await s3tool(['verify', bucket, prefix, manifestFile])) as VerifyReport,
    purge: (prefix) => s3tool(['purge', bucket, prefix]),
    async stop() {
      await server.stop();
      unregister();
    },
  };
};
