/**
 * The SQLite work of one small file, before and after issue 15's fourth pass, on the store alone
 * (a WAL database on disk, as `depot deposit` opens it): the same statements in seven commits
 * (in-progress, hashes, write-ahead send, sent bytes, journal line, ack, done) and two unit reads
 * back, against three commits and none. Alternated in one process, a fresh database each round.
 *
 *   npx tsx bench/fast/storePerFile.ts --files 2000 --rounds 5 --work /tmp/spf
 *
 * Both sequences run on today's SqlStatements (nested transactions joined), so this shows the
 * commits and reads saved, not the transaction wrapper's own change (see enginePerFile).
 */
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { openDatabase } from '../../electron/store/openDatabase';
import { PlanStore } from '../../electron/store/PlanStore';

const { values } = parseArgs({
  options: {
    files: { type: 'string', default: '2000' },
    rounds: { type: 'string', default: '5' },
    work: { type: 'string', default: '/tmp/depot-store-per-file' },
  },
});
const files = Number(values.files);
const SIZE = 40_000;
mkdirSync(values.work, { recursive: true });

type Sequence = 'seven commits' | 'three commits';

const night = (store: PlanStore): number =>
  store.createPlan(
    {
      dir: '/night',
      endpoint: 'http://127.0.0.1',
      bucket: 'b',
      prefix: 'p',
      fingerprint: 'f',
      metadata: {},
      partSize: 8 * 1024 * 1024,
      threshold: 8 * 1024 * 1024,
      createdAt: 0,
      nightId: 'n'.repeat(32),
      region: 'us-east-1',
      pathStyle: true,
      credentialId: 'bench',
    },
    Array.from({ length: files }, (_, i) => ({
      relPath: `f${i}.wav`,
      absPath: `/night/f${i}.wav`,
      key: `p/f${i}.wav`,
      size: SIZE,
      mtimeMs: 1,
      multipart: false,
    })),
  );

const deposit = (store: PlanStore, planId: number, sequence: Sequence): void => {
  const hashes = {
    sha256: 'a'.repeat(64),
    md5: 'b'.repeat(32),
    mtimeNs: '1000000',
    parts: [{ partNumber: 1, offset: 0, size: SIZE, md5: 'b'.repeat(32) }],
  };
  const journal = (at: number) => ({
    planId,
    operation: 'PutObject p/x',
    outcome: 'success',
    attempt: 1,
    delayMs: null,
    at,
  });
  for (let now = 1; ; now += 1) {
    const seven = sequence === 'seven commits';
    const unit = store.nextRunnable(planId, now, [], seven ? {} : { interrupted: false });
    if (unit === undefined) return;
    if (seven) {
      store.setState(unit.id, { kind: 'in-progress' }, now);
      store.getUnit(unit.id);
      store.setHashes(unit.id, hashes);
      store.getUnit(unit.id);
      store.parts(unit.id);
      const before = store.beginSend(unit.id, 1);
      store.endSend(unit.id, 1, before, SIZE);
      store.addJournal(journal(now));
      store.ackPart(unit.id, 1, hashes.md5);
      store.setState(unit.id, { kind: 'done', alreadyPresent: false }, now);
    } else {
      const before = store.atomically(() => {
        store.setState(unit.id, { kind: 'in-progress' }, now);
        store.setHashes(unit.id, hashes);
        return store.beginSend(unit.id, 1);
      });
      store.atomically(() => {
        store.endSend(unit.id, 1, before, SIZE);
        store.addJournal(journal(now));
      });
      store.atomically(() => {
        store.ackPart(unit.id, 1, hashes.md5);
        store.setState(unit.id, { kind: 'done', alreadyPresent: false }, now);
      });
    }
  }
};

const results = new Map<Sequence, number[]>();
for (let round = 1; round <= Number(values.rounds); round += 1) {
  for (const sequence of ['seven commits', 'three commits'] as const) {
    const file = join(values.work, `round-${round}-${sequence.replace(' ', '-')}.db`);
    const store = new PlanStore(openDatabase(file));
    const planId = night(store);
    const start = process.cpuUsage();
    deposit(store, planId, sequence);
    const cpu = process.cpuUsage(start);
    store.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true });
    const s = (cpu.user + cpu.system) / 1e6;
    results.set(sequence, [...(results.get(sequence) ?? []), s]);
    process.stdout.write(
      `${sequence} round ${round}: CPU ${s.toFixed(3)} s (user ${(cpu.user / 1e6).toFixed(3)}, system ${(cpu.system / 1e6).toFixed(3)})\n`,
    );
  }
}
for (const [sequence, cpu] of results) {
  const mean = cpu.reduce((a, b) => a + b, 0) / cpu.length;
  process.stdout.write(
    `${sequence}: ${cpu.map((c) => c.toFixed(3)).join(' / ')} s, mean ${mean.toFixed(3)} s, ${((mean / files) * 1e6).toFixed(0)} µs a file\n`,
  );
}
