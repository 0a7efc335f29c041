import { spawnSync } from 'node:child_process';
import {
  chmodSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import BetterSqlite3 from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testConnection } from '../../../electron/app/testConnection';
import { synthNight } from '../../../electron/field/synthNight';
import { S3ObjectStore } from '../../../electron/s3/S3ObjectStore';
import { openDatabase } from '../../../electron/store/openDatabase';
import { prefixTemplateProblem } from '../../../shared/field/prefixTemplateProblem';
import { translate } from '../../../renderer/i18n/translate';
import { freePort } from '../../support/s3server/freePort';
import { repoRoot, runDepot, type DepotRun } from '../../support/runDepot';
import { testBucket, type TestBucket } from '../../support/testBucket';
import { targetArgs } from '../../support/targetArgs';

const NOBODY = 65534;
const hasSetpriv = spawnSync('setpriv', ['--version']).status === 0;
const isRoot = process.getuid?.() === 0;
// Root reads everything: unreadable files and read-only folders need another user.
const canDropPrivileges = hasSetpriv && isRoot;

/** Paths and servers the cases use, filled in beforeAll. */
type World = {
  readonly work: string;
  readonly home: string;
  readonly night: string;
  readonly endpoint: string;
  readonly closed: string;
  readonly html: string;
  readonly bucket: string;
  readonly folders: Readonly<
    Record<'loop' | 'outside' | 'control' | 'twins' | 'sameSize' | 'readOnly', string>
  >;
};

type Case = {
  readonly name: string;
  readonly args: (w: World) => readonly string[];
  readonly env?: (w: World) => Record<string, string>;
  /** Runs as uid 65534 (unreadable files, read-only folders): skipped where that is impossible. */
  readonly asNobody?: boolean;
  readonly code: number;
  /** A fragment of the one line on stderr (or stdout for check's report). */
  readonly says: RegExp;
  /** What the output must not hold (a second problem, said before or instead of the first). */
  readonly never?: RegExp;
  /** Whether it held before issue 12 (kept so a regression is noticed) or was one of its failures. */
  readonly since: 'held' | 'issue-12';
};

const target = (w: World, prefix = 'bad', endpoint = w.endpoint): string[] => [
  ...targetArgs(endpoint, w.bucket, prefix),
];
const db = (w: World, name = 'bad.db'): string[] => ['--db', join(w.home, name)];

/**
 * Every case of issue 12 and the ones it found already holding: the exit code and a fragment of
 * the one line that says what to do. None may exit 1, print a stack, or show the SDK's Node
 * version warning.
 */
const cases: readonly Case[] = [
  // What already held.
  {
    name: 'a missing folder',
    args: (w) => ['deposit', join(w.work, 'nope'), ...target(w), ...db(w)],
    code: 2,
    says: /does not exist/,
    since: 'held',
  },
  {
    name: 'a symlink loop in the folder (check)',
    args: (w) => ['check', w.folders['loop']],
    code: 0,
    says: /loop: not-a-regular-file: Symbolic link or special file: not followed/,
    since: 'held',
  },
  {
    name: 'links out of the folder (check)',
    args: (w) => ['check', w.folders['outside']],
    code: 0,
    says: /passwd: not-a-regular-file: Symbolic link/,
    since: 'held',
  },
  {
    name: 'a control character in a file name (check)',
    args: (w) => ['check', w.folders['control']],
    code: 3,
    says: /contains a control character/,
    since: 'held',
  },
  {
    name: 'NFC/NFD twins (check)',
    args: (w) => ['check', w.folders['twins']],
    code: 3,
    says: /same as another once normalized/,
    since: 'held',
  },
  {
    name: 'an unknown placeholder',
    args: (w) => ['deposit', w.night, ...target(w, '{site}/{nigth}'), ...db(w)],
    code: 2,
    says: /unknown placeholder \{nigth\}/,
    since: 'held',
  },
  {
    name: 'a missing bucket',
    args: (w) => ['deposit', w.night, ...target(w), '--bucket', 'depot-no-such-bucket-0', ...db(w)],
    code: 2,
    says: /the bucket "depot-no-such-bucket-0" does not exist on http:\/\/127\.0\.0\.1:\d+: create it/,
    since: 'held',
  },
  {
    name: 'a wrong secret',
    args: (w) => ['deposit', w.night, ...target(w), ...db(w)],
    env: () => ({ AWS_SECRET_ACCESS_KEY: 'not-the-secret-0000000000000000000000000' }),
    code: 2,
    says: /refused the credentials \(403 SignatureDoesNotMatch\): the access key or its secret is wrong; check AWS_ACCESS_KEY_ID/,
    since: 'held',
  },
  {
    name: 'a wrong secret (verify)',
    args: (w) => ['verify', w.night, ...target(w)],
    env: () => ({ AWS_SECRET_ACCESS_KEY: 'not-the-secret-0000000000000000000000000' }),
    code: 2,
    says: /refused the credentials \(403 SignatureDoesNotMatch\)/,
    since: 'issue-12',
  },
  {
    name: 'a corrupt database',
    args: (w) => ['deposit', w.night, ...target(w), '--db', join(w.work, 'corrupt.db')],
    code: 2,
    says: /is not a readable Depot database \(SQLITE_NOTADB\); it was left untouched/,
    since: 'held',
  },
  // What issue 12 found failing.
  {
    name: 'an unreadable file among same-size files (check)',
    args: (w) => ['check', w.folders['sameSize']],
    asNobody: true,
    code: 3,
    says: /c\.wav: unreadable: Cannot be read \(EACCES\)/,
    since: 'issue-12',
  },
  {
    name: 'an unreadable file among same-size files (deposit)',
    args: (w) => ['deposit', w.folders['sameSize'], ...target(w, 'same'), ...db(w, 'nb1.db')],
    asNobody: true,
    code: 2,
    says: /c\.wav: Cannot be read \(EACCES\)/,
    since: 'issue-12',
  },
  {
    name: 'an unreadable file among same-size files (deposit --skip-invalid)',
    args: (w) => [
      'deposit',
      w.folders['sameSize'],
      ...target(w, 'same'),
      ...db(w, 'nb2.db'),
      '--skip-invalid',
    ],
    asNobody: true,
    code: 0,
    says: /Plan \d+(?: \(night [\d-]+\))?: 2 files to s3:\/\/[^/]+\/same\n {2}verified on the server: 2/,
    since: 'issue-12',
  },
  ...(['..', 'a/../b', 'a\u0007b', '/etc/abs', '{site}/./x', '../{site}'] as const).map(
    (prefix): Case => ({
      name: `the prefix ${JSON.stringify(prefix)}, before any network contact`,
      // A closed port as the endpoint: a message about the endpoint would mean it was contacted.
      args: (w) => ['deposit', w.night, ...target(w, prefix, w.closed), ...db(w)],
      code: 2,
      says: /^depot deposit: prefix ".*" (has a "\.\.?" segment|starts with "\/"|contains a control character)/m,
      since: 'issue-12',
    }),
  ),
  {
    name: 'the prefix "..", verify',
    args: (w) => ['verify', w.night, ...target(w, '..', w.closed)],
    code: 2,
    says: /^depot verify: prefix "\.\." has a "\.\." segment/m,
    since: 'issue-12',
  },
  {
    name: '--db in a read-only folder',
    args: (w) => ['deposit', w.night, ...target(w), '--db', join(w.folders['readOnly'], 'new.db')],
    asNobody: true,
    code: 2,
    says: /cannot be opened for writing \(SQLITE_CANTOPEN\): this user needs to write to the file and to its folder/,
    since: 'issue-12',
  },
  {
    name: '--db: a writable database in a read-only folder (no room for its WAL)',
    args: (w) => [
      'deposit',
      w.night,
      ...target(w),
      '--db',
      join(w.folders['readOnly'], 'existing.db'),
    ],
    asNobody: true,
    code: 2,
    says: /cannot be opened for writing \(SQLITE_(READONLY_DIRECTORY|CANTOPEN|READONLY)\w*\)/,
    since: 'issue-12',
  },
  {
    name: '--db whose parent folder cannot be created',
    args: (w) => [
      'deposit',
      w.night,
      ...target(w),
      '--db',
      join(w.folders['readOnly'], 'sub', 'depot.db'),
    ],
    asNobody: true,
    code: 2,
    says: /the folder .*\/sub for the database cannot be created \(EACCES\): pass another --db/,
    since: 'issue-12',
  },
  {
    name: 'a closed port as the endpoint',
    args: (w) => ['deposit', w.night, ...target(w, 'bad', w.closed), ...db(w)],
    code: 2,
    says: /nothing listens at http:\/\/127\.0\.0\.1:\d+ \(connection refused\): check --endpoint/,
    since: 'issue-12',
  },
  {
    name: 'a closed port as the endpoint (verify)',
    args: (w) => ['verify', w.night, ...target(w, 'bad', w.closed)],
    code: 2,
    says: /nothing listens at http:\/\/127\.0\.0\.1:\d+/,
    since: 'issue-12',
  },
  {
    // The endpoint is probed while the folder is read (issue 15): the folder still speaks first.
    name: 'a missing folder and a closed port: only the folder is said',
    args: (w) => ['deposit', join(w.work, 'nope'), ...target(w, 'bad', w.closed), ...db(w)],
    code: 2,
    says: /does not exist/,
    never: /nothing listens/,
    since: 'issue-12',
  },
  {
    name: 'a control character in a file name and a closed port: only the folder is said',
    args: (w) => ['deposit', w.folders['control'], ...target(w, 'bad', w.closed), ...db(w)],
    code: 2,
    says: /1 problem\(s\) block the deposit of .*\n.*contains a control character/,
    never: /nothing listens/,
    since: 'issue-12',
  },
  {
    name: 'a web server that is not S3',
    args: (w) => ['deposit', w.night, ...target(w, 'bad', w.html), ...db(w)],
    code: 2,
    says: /http:\/\/127\.0\.0\.1:\d+ does not answer like an S3 server \(HTTP 200/,
    since: 'issue-12',
  },
  {
    name: 'a web server that is not S3 (verify)',
    args: (w) => ['verify', w.night, ...target(w, 'bad', w.html)],
    code: 2,
    says: /does not answer like an S3 server/,
    since: 'issue-12',
  },
  {
    name: '--bwlimit 1',
    args: (w) => ['deposit', w.night, ...target(w), ...db(w), '--bwlimit', '1'],
    code: 2,
    says: /--bwlimit 1 is below the minimum, 256KiB\/s/,
    since: 'issue-12',
  },
];

let b: TestBucket;
let world: World;
let htmlServer: Server;

const depot = (
  args: readonly string[],
  c: Pick<Case, 'env' | 'asNobody'> = {},
): Promise<DepotRun> =>
  runDepot(args, {
    env: {
      PATH: process.env['PATH'] ?? '/usr/bin:/bin',
      HOME: world.home,
      AWS_ACCESS_KEY_ID: b.accessKeyId,
      AWS_SECRET_ACCESS_KEY: b.secretAccessKey,
      AWS_SHARED_CREDENTIALS_FILE: join(world.home, 'none'),
      AWS_CONFIG_FILE: join(world.home, 'none'),
      // Neither NODE_NO_WARNINGS nor the SDK's switch: the command must hide that warning itself.
      ...c.env?.(world),
    },
    ...(c.asNobody
      ? {
          through: [
            'setpriv',
            `--reuid=${NOBODY}`,
            `--regid=${NOBODY}`,
            '--clear-groups',
            'env',
            `HOME=${world.home}`,
          ],
        }
      : {}),
  });

beforeAll(async () => {
  b = await testBucket('bad-input');
  const work = mkdtempSync(join(tmpdir(), 'depot-bad-input-'));
  // uid 65534 walks into it and writes its databases in `home`.
  chmodSync(work, 0o755);
  const home = join(work, 'home');
  mkdirSync(home, { mode: 0o777 });
  chmodSync(home, 0o777);
  const night = join(work, 'night');
  await synthNight(night, { files: 3, totalBytes: 600_000, seed: 12, sizes: 'small' });
  const wavs = readdirSync(night).filter((f) => f.endsWith('.wav'));
  const [firstWav] = wavs;
  if (firstWav === undefined) throw new Error(`synthNight wrote no WAV in ${night}`);
  const copyOf = (name: string): string => {
    const dir = join(work, name);
    mkdirSync(dir);
    for (const f of wavs) copyFileSync(join(night, f), join(dir, f));
    return dir;
  };

  const loop = copyOf('loop');
  symlinkSync('.', join(loop, 'loop'));
  symlinkSync('b', join(loop, 'a'));
  symlinkSync('a', join(loop, 'b'));
  const outside = copyOf('outside');
  symlinkSync('/etc/passwd', join(outside, 'passwd'));
  symlinkSync('..', join(outside, 'up'));
  const control = copyOf('control');
  writeFileSync(join(control, 'bad\u0007name.wav'), readFileSync(join(night, firstWav)));
  const twins = copyOf('twins');
  writeFileSync(join(twins, 'caf\u00e9.txt'), 'nfc');
  writeFileSync(join(twins, 'cafe\u0301.txt'), 'nfd');

  // Three recordings of one size (recorders often write fixed-size files), one unreadable.
  const sameSize = join(work, 'sameSize');
  mkdirSync(sameSize);
  const base = readFileSync(join(night, firstWav));
  for (const [i, name] of ['a.wav', 'b.wav', 'c.wav'].entries()) {
    const bytes = Buffer.from(base);
    bytes[bytes.length - 1] = i;
    writeFileSync(join(sameSize, name), bytes);
  }
  chmodSync(join(sameSize, 'c.wav'), 0o000);

  const readOnly = join(work, 'readOnly');
  mkdirSync(readOnly, { mode: 0o755 });
  openDatabase(join(readOnly, 'existing.db')).close();
  chmodSync(join(readOnly, 'existing.db'), 0o666);
  for (const f of readdirSync(readOnly).filter((f) => f !== 'existing.db'))
    rmSync(join(readOnly, f));

  writeFileSync(join(work, 'corrupt.db'), 'this is not a database, it is a volunteer note\n');

  htmlServer = createServer((_req, res) =>
    res
      .writeHead(200, { 'content-type': 'text/html' })
      .end('<!doctype html><title>Router</title><h1>Welcome</h1>'),
  );
  await new Promise<void>((resolve) => htmlServer.listen(0, '127.0.0.1', resolve));
  const closedPort = await freePort('127.0.0.1');

  world = {
    work,
    home,
    night,
    endpoint: b.endpoint,
    closed: `http://127.0.0.1:${closedPort}`,
    html: `http://127.0.0.1:${(htmlServer.address() as AddressInfo).port}`,
    bucket: b.bucket,
    folders: { loop, outside, control, twins, sameSize, readOnly },
  };
});

afterAll(async () => {
  htmlServer?.close();
  await b?.remove();
  if (world !== undefined) rmSync(world.work, { recursive: true, force: true });
});

describe('hostile input to the command line (issue 12)', () => {
  for (const c of cases) {
    const skip = c.asNobody === true && !canDropPrivileges;
    it.skipIf(skip)(
      `${c.name}: exit ${c.code}${skip ? ' (skipped: needs root and setpriv to run as uid 65534)' : ''}`,
      async () => {
        const r = await depot(c.args(world), c);
        const output = `${r.stderr}\n${r.stdout}`;
        expect({ code: r.code, output }).toMatchObject({ code: c.code });
        expect(output).toMatch(c.says);
        if (c.never !== undefined) expect(output).not.toMatch(c.never);
        expect(output).not.toMatch(/unexpected error|\n\s+at .+:\d+:\d+\)?\n/);
        expect(output).not.toContain('NodeVersionSupportWarning');
      },
    );
  }
});

const canMountTmpfs = isRoot && spawnSync('unshare', ['--version']).status === 0;

describe('a full disk under the plan database (issue 12)', () => {
  it.skipIf(!canMountTmpfs)(
    `exits 4 with one line, and the same command completes once space is freed${canMountTmpfs ? '' : ' (skipped: needs root and unshare for a private tmpfs)'}`,
    () => {
      // A 160 KiB tmpfs in a mount namespace of this test's own: full during planning or the run.
      const disk = join(world.work, 'small-disk');
      mkdirSync(disk);
      const run = [
        process.execPath,
        'bin/depot.js',
        'deposit',
        world.night,
        ...target(world, 'full'),
        '--db',
        join(disk, 'depot.db'),
      ]
        .map((a) => `'${a.replace(/'/g, "'\\''")}'`)
        .join(' ');
      const script = [
        `mount -t tmpfs -o size=160k tmpfs '${disk}' || exit 90`,
        `${run} 2>&1; echo "exit=$?"`,
        `mount -o remount,size=16m '${disk}' || exit 91`,
        `${run} 2>&1; echo "exit=$?"`,
      ].join('\n');
      const r = spawnSync('unshare', ['--mount', '--propagation', 'private', 'sh', '-c', script], {
        cwd: repoRoot,
        encoding: 'utf8',
        timeout: 240_000,
        env: {
          PATH: process.env['PATH'] ?? '/usr/bin:/bin',
          HOME: world.home,
          AWS_ACCESS_KEY_ID: b.accessKeyId,
          AWS_SECRET_ACCESS_KEY: b.secretAccessKey,
        },
      });
      const [first, second] = r.stdout.split(/^exit=\d+$/m);
      const exits = [...r.stdout.matchAll(/^exit=(\d+)$/gm)].map((m) => Number(m[1]));
      expect({ exits, status: r.status }, r.stdout + r.stderr).toEqual({
        exits: [4, 0],
        status: 0,
      });
      expect(first).toMatch(
        /disk (holding the database .* )?is full \(SQLITE_FULL\): free some space/,
      );
      expect(first).not.toMatch(/unexpected error|\n\s+at .+:\d+:\d+\)?\n/);
      expect(second).toMatch(/verified on the server: 3 /);
    },
  );
});

describe('a damaged row in the plan database (issue 13)', () => {
  it('deposit and status exit 2 with one line naming the row, never a stack, a fake cause or a silent state', async () => {
    const file = join(world.home, 'damaged.db');
    const deposit = ['deposit', world.night, ...target(world, 'damaged'), '--db', file];
    const first = await depot(deposit);
    expect(first.code, first.stderr).toBe(0);
    /** Written with better-sqlite3 directly, as a damaged disk or a hand edit would. */
    const damage = (sql: string): number => {
      const db = new BetterSqlite3(file);
      try {
        const unit = db.prepare('SELECT id FROM units ORDER BY seq LIMIT 1').get() as {
          id: number;
        };
        db.prepare(sql).run(unit.id);
        return unit.id;
      } finally {
        db.close();
      }
    };
    const damages = [
      {
        sql: "UPDATE units SET state = 'exploded' WHERE id = ?",
        says: (id: number) => `(units id ${id}, column state: "exploded", expected one of pending,`,
      },
      {
        sql: "UPDATE units SET state = 'failed', cause = 'refused 403' WHERE id = ?",
        says: (id: number) => `(units id ${id}, column cause: "refused 403", expected JSON text)`,
      },
      {
        // Back in the queue, so the engine itself reads it.
        sql: "UPDATE units SET state = 'pending', cause = NULL, size = -1 WHERE id = ?",
        says: (id: number) => `(units id ${id}, column size: -1, expected a whole number >= 0)`,
      },
    ];
    for (const d of damages) {
      const says = d.says(damage(d.sql));
      for (const args of [deposit, ['status', '--db', file], ['status', '1', '--db', file]]) {
        const r = await depot(args);
        const output = `${r.stderr}\n${r.stdout}`;
        expect({ args, code: r.code, output }).toMatchObject({ code: 2 });
        expect(r.stderr).toMatch(/^depot (deposit|status): the plan database has a damaged row/m);
        expect(r.stderr).toContain(says);
        expect(output).not.toMatch(/unexpected error|\n\s+at .+:\d+:\d+\)?\n/);
      }
    }
  });
});

describe('the bridge at start (issue 12)', () => {
  it('a damaged database in its data folder: exit 2 with one line, no stack', () => {
    const data = join(world.work, 'bridge-data');
    mkdirSync(data);
    writeFileSync(join(data, 'depot.db'), 'not a database\n');
    const r = spawnSync(
      process.execPath,
      ['--import', 'tsx', 'electron/bridge/runBridge.ts', '--data', data, '--static', data],
      { cwd: repoRoot, encoding: 'utf8', timeout: 60_000 },
    );
    expect(r.status, r.stderr).toBe(2);
    expect(r.stderr).toMatch(
      /^depot bridge: the file .*depot\.db is not a readable Depot database/m,
    );
    expect(r.stderr).not.toMatch(/\n\s+at .+:\d+:\d+\)?\n/);
  });
});

describe('the same causes in the app, in French (issue 12)', () => {
  it('the settings form names each refused prefix template', () => {
    for (const template of ['..', 'a/../b', 'a\u0007b', '/etc/abs', '../{site}']) {
      const problem = prefixTemplateProblem(template);
      expect(problem, template).toBeDefined();
      const text = translate('fr', `settings.prefixProblem.${problem!.kind}`, {
        example: '{site}/{point}/{night}',
      });
      expect(text).toMatch(/Le préfixe ne doit pas|Le préfixe contient un caractère invisible/);
    }
  });

  it('the connection test says nothing listens, or that the server is not S3', async () => {
    const verdictFor = async (endpoint: string) => {
      const store = new S3ObjectStore({
        endpoint,
        region: 'us-east-1',
        bucket: b.bucket,
        credentials: { accessKeyId: b.accessKeyId, secretAccessKey: b.secretAccessKey },
        forcePathStyle: true,
      });
      try {
        return await testConnection(store, { now: () => Date.now() }, 'night/');
      } finally {
        store.destroy();
      }
    };
    const closed = await verdictFor(world.closed);
    expect(closed).toMatchObject({ reachable: false, problem: 'nothing-listens' });
    expect(
      translate('fr', `settings.verdict.problem.${closed.problem!}`, { endpoint: world.closed }),
    ).toBe(
      `Rien n’écoute à l’adresse ${world.closed} (connexion refusée)\u00a0: vérifiez l’adresse du stockage, en particulier le port.`,
    );
    const html = await verdictFor(world.html);
    expect(html).toMatchObject({ reachable: true, problem: 'not-s3', status: 200 });
    expect(
      translate('fr', `settings.verdict.problem.${html.problem!}`, { endpoint: world.html }),
    ).toContain('ne répond pas comme un serveur de stockage S3');
    const real = await verdictFor(world.endpoint);
    expect(real).toEqual({
      reachable: true,
      folder: `${b.bucket}/night/`,
      credentialsAccepted: true,
      bucketExists: true,
      canList: true,
      bucketWritable: true,
      // radosgw 16: If-None-Match on PutObject honoured, If-Match on Complete ignored.
      conditionalWrites: {
        putIfNoneMatch: true,
        completeIfMatch: false,
        marker: `${b.bucket}/night/.depot/conditional-check`,
      },
    });
  });

  it('the settings form refuses a rate below the minimum, in French', () => {
    expect(translate('fr', 'settings.bwlimitTooLow', { min: '0,26' })).toContain(
      'au moins 0,26 Mo/s',
    );
  });
});
