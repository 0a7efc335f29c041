import { execFile } from 'node:child_process';

/** A radosgw user's keys: what a second party on the same server signs with. */
export type RadosgwUser = {
  readonly uid: string;
  readonly accessKeyId: string;
  readonly secretAccessKey: string;
};

const run = (argv: readonly string[]): Promise<{ code: number; stderr: string }> =>
  new Promise((resolve) => {
    execFile(argv[0] ?? '', argv.slice(1), { timeout: 30_000 }, (error, _stdout, stderr) =>
      resolve({
        code: error === null ? 0 : typeof error.code === 'number' ? error.code : 1,
        stderr,
      }),
    );
  });

/**
 * Makes sure `user` exists on the server whose ceph.conf is `cephConf` (LAB.md: `radosgw-admin
 * user create`). Idempotent: a user already there (another test file, a second stand-in) is kept,
 * and the keys are the caller's fixed ones, so both sign alike.
 */
export const ensureRadosgwUser = async (cephConf: string, user: RadosgwUser): Promise<void> => {
  const admin = ['radosgw-admin', '-c', cephConf, '-n', 'client.admin'];
  if ((await run([...admin, 'user', 'info', `--uid=${user.uid}`])).code === 0) return;
  const created = await run([
    ...admin,
    'user',
    'create',
    `--uid=${user.uid}`,
    `--display-name=${user.uid}`,
    `--access-key=${user.accessKeyId}`,
    `--secret-key=${user.secretAccessKey}`,
  ]);
  if (created.code === 0) return;
  // Created meanwhile by someone else (exit 17, EEXIST): there now, which is all that was asked.
  if ((await run([...admin, 'user', 'info', `--uid=${user.uid}`])).code === 0) return;
  throw new Error(`radosgw-admin user create ${user.uid} failed: ${created.stderr.trim()}`);
};
