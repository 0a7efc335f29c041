import type BetterSqlite3 from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { FailureCause } from '../../../shared/domain/FailureCause';
import type { UnitState } from '../../../shared/domain/UnitState';
import { DamagedRowError } from '../../../electron/store/DamagedRowError';
import { openDatabase } from '../../../electron/store/openDatabase';
import { PlanStore } from '../../../electron/store/PlanStore';

let db: BetterSqlite3.Database;
let store: PlanStore;
/** Ids of the one row of each table, filled by `seed`. */
let ids: { readonly plan: number; readonly unit: number };

const HOST = 'station';
const seed = (): { plan: number; unit: number } => {
  const plan = store.createPlan(
    {
      dir: '/night',
      endpoint: 'http://s3',
      bucket: 'b',
      prefix: 'p',
      fingerprint: 'f',
      metadata: { site: 'S' },
      partSize: 10,
      threshold: 10,
      createdAt: 1_000,
      nightId: 'n1',
      region: 'r',
      pathStyle: true,
      credentialId: 'k',
    },
    [
      {
        relPath: 'a.wav',
        absPath: '/night/a.wav',
        key: 'p/a.wav',
        size: 25,
        mtimeMs: 1.5,
        multipart: true,
      },
    ],
  );
  const unit = store.listUnits(plan, { offset: 0, limit: 1 }).units[0]?.id;
  if (unit === undefined) throw new Error('no unit');
  store.setHashes(unit, {
    sha256: 'sha',
    md5: 'md5',
    mtimeNs: '1500000',
    parts: [
      { partNumber: 1, offset: 0, size: 10, md5: 'm1' },
      { partNumber: 2, offset: 10, size: 15, md5: 'm2' },
    ],
  });
  store.addJournal({
    planId: plan,
    operation: 'PutObject',
    outcome: 'success',
    attempt: 1,
    delayMs: 12.5,
    at: 2_000,
  });
  store.acquireLease({
    planId: plan,
    pid: 4242,
    host: HOST,
    token: 't',
    now: 3_000,
    staleMs: 10_000,
    isAlive: () => true,
  });
  return { plan, unit };
};

beforeEach(() => {
  db = openDatabase(':memory:');
  store = new PlanStore(db);
  ids = seed();
});
afterEach(() => store.close());

const damage = (sql: string, ...values: unknown[]): void => {
  db.prepare(sql).run(...values);
};

const thrown = (read: () => unknown): unknown => {
  try {
    read();
  } catch (error) {
    return error;
  }
  return undefined;
};

/** A BLOB where text is expected: SQLite keeps it as is, whatever the column's affinity. */
const BLOB = Buffer.from([0, 1]);

type Damage = {
  readonly table: 'plans' | 'units' | 'parts' | 'journal' | 'run_leases';
  readonly column: string;
  readonly value: unknown;
  /** Other columns set with it (a state and the column it needs). */
  readonly with?: Readonly<Record<string, unknown>>;
  readonly found: string;
  readonly expected: RegExp;
};

const where: Record<Damage['table'], string> = {
  plans: 'id = @plan',
  units: 'id = @unit',
  parts: 'unit_id = @unit AND part_number = 2',
  journal: '1 = 1',
  run_leases: 'plan_id = @plan',
};

const damages: readonly Damage[] = [
  {
    table: 'plans',
    column: 'fingerprint',
    value: BLOB,
    found: 'a blob of 2 bytes',
    expected: /^text$/,
  },
  { table: 'plans', column: 'metadata', value: '{site', found: '"{site"', expected: /JSON/ },
  {
    table: 'plans',
    column: 'metadata',
    value: '[1, 2]',
    found: '"[1, 2]"',
    expected: /JSON object/,
  },
  { table: 'plans', column: 'part_size', value: 0, found: '0', expected: />= 1/ },
  { table: 'plans', column: 'threshold', value: 'ten', found: '"ten"', expected: /whole number/ },
  { table: 'plans', column: 'paused', value: 2, found: '2', expected: /0 or 1/ },
  {
    table: 'plans',
    column: 'created_at',
    value: 'yesterday',
    found: '"yesterday"',
    expected: /number/,
  },
  { table: 'plans', column: 'manifest_at', value: 'x', found: '"x"', expected: /number/ },
  {
    table: 'plans',
    column: 'programme',
    value: '{"name":"P"}',
    found: '"{\\"name\\":\\"P\\"}"',
    expected: /programme record/,
  },
  {
    table: 'plans',
    column: 'portal',
    value: 'arbimon',
    found: '"arbimon"',
    expected: /vigiechiro/,
  },
  { table: 'plans', column: 'analysis_at', value: 'soon', found: '"soon"', expected: /number/ },
  { table: 'plans', column: 'bytes_sent', value: -5, found: '-5', expected: />= 0/ },
  { table: 'plans', column: 'bytes_resent', value: 1.5, found: '1.5', expected: /whole number/ },
  { table: 'plans', column: 'night_id', value: null, found: 'null', expected: /^text$/ },
  { table: 'plans', column: 'path_style', value: 7, found: '7', expected: /0 or 1/ },
  {
    table: 'plans',
    column: 'credential_id',
    value: BLOB,
    found: 'a blob of 2 bytes',
    expected: /^text$/,
  },
  {
    table: 'units',
    column: 'state',
    value: 'exploded',
    found: '"exploded"',
    expected: /one of pending, in-progress, deferred, done, failed/,
  },
  {
    table: 'units',
    column: 'cause',
    value: null,
    with: { state: 'failed' },
    found: 'null',
    expected: /JSON/,
  },
  {
    table: 'units',
    column: 'cause',
    value: 'refused 403',
    with: { state: 'failed' },
    found: '"refused 403"',
    expected: /JSON/,
  },
  {
    table: 'units',
    column: 'cause',
    value: '{"kind":"meteor"}',
    with: { state: 'failed' },
    found: '"{\\"kind\\":\\"meteor\\"}"',
    expected: /known failure cause/,
  },
  {
    table: 'units',
    column: 'cause',
    value: '{"kind":"conflict","localSize":"big","remoteSize":1}',
    with: { state: 'failed' },
    found: '"{\\"kind\\":\\"conflict\\",\\"localSize\\":\\"big\\",\\"remoteSize\\":1}"',
    expected: /known failure cause/,
  },
  {
    table: 'units',
    column: 'cause',
    value: '{}',
    with: { state: 'failed' },
    found: '"{}"',
    expected: /known failure cause/,
  },
  {
    table: 'units',
    column: 'not_before',
    value: null,
    with: { state: 'deferred' },
    found: 'null',
    expected: /number/,
  },
  {
    table: 'units',
    column: 'already_present',
    value: 3,
    with: { state: 'done' },
    found: '3',
    expected: /0 or 1/,
  },
  { table: 'units', column: 'size', value: -1, found: '-1', expected: />= 0/ },
  { table: 'units', column: 'mtime_ms', value: 'noon', found: '"noon"', expected: /number/ },
  { table: 'units', column: 'multipart', value: 2, found: '2', expected: /0 or 1/ },
  { table: 'units', column: 'sha256', value: BLOB, found: 'a blob of 2 bytes', expected: /^text$/ },
  { table: 'units', column: 'create_started', value: -1, found: '-1', expected: /0 or 1/ },
  { table: 'units', column: 'bytes_acked', value: -10, found: '-10', expected: />= 0/ },
  { table: 'parts', column: 'offset', value: -1, found: '-1', expected: />= 0/ },
  { table: 'parts', column: 'size', value: 'big', found: '"big"', expected: /whole number/ },
  { table: 'parts', column: 'md5', value: BLOB, found: 'a blob of 2 bytes', expected: /^text$/ },
  { table: 'parts', column: 'etag', value: BLOB, found: 'a blob of 2 bytes', expected: /^text$/ },
  { table: 'parts', column: 'sent_bytes', value: -3, found: '-3', expected: />= 0/ },
  {
    table: 'journal',
    column: 'operation',
    value: BLOB,
    found: 'a blob of 2 bytes',
    expected: /^text$/,
  },
  { table: 'journal', column: 'attempt', value: -1, found: '-1', expected: />= 0/ },
  { table: 'journal', column: 'delay_ms', value: -3, found: '-3', expected: />= 0/ },
  { table: 'journal', column: 'at', value: 'now', found: '"now"', expected: /number/ },
  { table: 'run_leases', column: 'holder_pid', value: -1, found: '-1', expected: />= 0/ },
  {
    table: 'run_leases',
    column: 'holder_host',
    value: BLOB,
    found: 'a blob of 2 bytes',
    expected: /^text$/,
  },
  { table: 'run_leases', column: 'heartbeat_at', value: 'x', found: '"x"', expected: /number/ },
];

const rowIdOf = (table: Damage['table']): string =>
  ({
    plans: `id ${ids.plan}`,
    units: `id ${ids.unit}`,
    parts: `unit_id ${ids.unit}, part_number 2`,
    journal: 'id 1',
    run_leases: `plan_id ${ids.plan}`,
  })[table];

/** Every way the store reads a table's rows: each must refuse the damaged row. */
const readers: Record<Damage['table'], Readonly<Record<string, () => unknown>>> = {
  plans: {
    getPlan: () => store.getPlan(ids.plan),
    listPlans: () => store.listPlans(),
    findPlan: () =>
      store.findPlan({ dir: '/night', endpoint: 'http://s3', bucket: 'b', prefix: 'p' }),
  },
  units: {
    getUnit: () => store.getUnit(ids.unit),
    iterateUnits: () => [...store.iterateUnits(ids.plan)],
    listUnits: () => store.listUnits(ids.plan, { offset: 0, limit: 10 }),
    unitByKey: () => store.unitByKey(ids.plan, 'p/a.wav'),
  },
  parts: {
    parts: () => store.parts(ids.unit),
    beginSend: () => store.beginSend(ids.unit, 2),
  },
  journal: {
    journal: () => store.journal({ limit: 10 }),
    'journal of a plan': () => store.journal({ limit: 10, planId: ids.plan }),
  },
  run_leases: {
    lease: () => store.lease(ids.plan),
    acquireLease: () =>
      store.acquireLease({
        planId: ids.plan,
        pid: 7,
        host: HOST,
        token: 'other',
        now: 4_000,
        staleMs: 10_000,
        isAlive: () => true,
      }),
  },
};

const apply = (d: Damage): void => {
  const set = { ...d.with, [d.column]: d.value };
  const assignments = Object.keys(set)
    .map((c) => `"${c}" = @${c}`)
    .join(', ');
  damage(`UPDATE ${d.table} SET ${assignments} WHERE ${where[d.table]}`, {
    ...set,
    plan: ids.plan,
    unit: ids.unit,
  });
};

const expectNamed = (error: unknown, d: Damage): void => {
  expect(error).toBeInstanceOf(DamagedRowError);
  if (!(error instanceof DamagedRowError)) return;
  expect({
    table: error.table,
    rowId: error.rowId,
    column: error.column,
    found: error.found,
  }).toEqual({ table: d.table, rowId: rowIdOf(d.table), column: d.column, found: d.found });
  expect(error.expected).toMatch(d.expected);
  expect(error.message).toContain(`${d.table} ${rowIdOf(d.table)}, column ${d.column}: ${d.found}`);
  expect(error.message).not.toContain('\n');
};

describe('a damaged row is an error that names it', () => {
  for (const d of damages) {
    const label = `${d.table}.${d.column} = ${d.value instanceof Buffer ? 'a blob' : JSON.stringify(d.value)}${d.with === undefined ? '' : ` (${JSON.stringify(d.with)})`}`;
    for (const [name, read] of Object.entries(readers[d.table])) {
      it(`${label}: ${name}`, () => {
        expect(thrown(read)).toBeUndefined();
        apply(d);
        expectNamed(thrown(read), d);
      });
    }
  }

  // What the counts must not miss (a state in no count) nor stop on (json_extract over non-JSON).
  const countedDamages = damages.filter(
    (d) =>
      d.table === 'units' &&
      (d.column === 'state' ||
        d.column === 'size' ||
        d.column === 'bytes_acked' ||
        d.column === 'not_before' ||
        (d.column === 'cause' && d.value !== '{}' && !String(d.value).startsWith('{'))),
  );
  for (const d of countedDamages) {
    it(`units.${d.column} = ${JSON.stringify(d.value)}: counts and failedUnits`, () => {
      apply(d);
      expectNamed(
        thrown(() => store.counts(ids.plan)),
        d,
      );
      if (d.with?.['state'] === 'failed')
        expectNamed(
          thrown(() => store.failedUnits(ids.plan)),
          d,
        );
    });
  }

  it('a damaged row of another plan leaves this plan readable', () => {
    const other = store.createPlan(
      {
        dir: '/other',
        endpoint: 'http://s3',
        bucket: 'b',
        prefix: 'o',
        fingerprint: 'f',
        metadata: {},
        partSize: 10,
        threshold: 10,
        createdAt: 1,
        nightId: 'n2',
        region: 'r',
        pathStyle: false,
        credentialId: 'k',
      },
      [
        {
          relPath: 'b.wav',
          absPath: '/other/b.wav',
          key: 'o/b.wav',
          size: 3,
          mtimeMs: 1,
          multipart: false,
        },
      ],
    );
    damage("UPDATE units SET state = 'exploded' WHERE plan_id = ?", other);
    expect(store.counts(ids.plan).units).toBe(1);
    expect([...store.iterateUnits(ids.plan)]).toHaveLength(1);
    expect(thrown(() => store.counts(other))).toBeInstanceOf(DamagedRowError);
  });
});

const causes: { readonly [K in FailureCause['kind']]: Extract<FailureCause, { kind: K }> } = {
  auth: { kind: 'auth', status: 403, code: 'InvalidAccessKeyId' },
  refused: { kind: 'refused', status: 400, code: 'InvalidArgument' },
  denied: { kind: 'denied', action: 'list', bucket: 'programme', folder: 'vol42/' },
  'bucket-missing': { kind: 'bucket-missing', bucket: 'b' },
  certificate: { kind: 'certificate', problem: 'expired', code: 'CERT_HAS_EXPIRED' },
  clock: { kind: 'clock', skewMs: -1_200_000 },
  conflict: { kind: 'conflict', localSize: 25, remoteSize: 30 },
  'source-changed': { kind: 'source-changed', detail: 'size 25 -> 26' },
  'source-missing': { kind: 'source-missing' },
  'source-unreadable': { kind: 'source-unreadable', detail: 'EACCES' },
  'verification-failed': { kind: 'verification-failed', detail: 'etag' },
  unproven: { kind: 'unproven', remoteEtag: 'abc-2' },
  'upload-vanished': { kind: 'upload-vanished', restarts: 3 },
  'target-unavailable': { kind: 'target-unavailable', bucket: 'b', credentialId: 'k' },
  'endless-listing': { kind: 'endless-listing' },
  'participation-ambiguous': { kind: 'participation-ambiguous', count: 2 },
  'portal-refused': {
    kind: 'portal-refused',
    status: 422,
    code: 'name-invalid',
    detail: '{"titre":"invalid name x.wav"}',
  },
  'portal-signed-out': { kind: 'portal-signed-out' },
};

describe('valid rows read back as written', () => {
  const states: readonly UnitState[] = [
    { kind: 'pending' },
    { kind: 'in-progress' },
    { kind: 'deferred', notBefore: 5_000.5 },
    { kind: 'done', alreadyPresent: false },
    { kind: 'done', alreadyPresent: true },
    { kind: 'left-out', reason: 'kept-server-object' },
    ...Object.values(causes).map((cause): UnitState => ({ kind: 'failed', cause })),
  ];
  for (const state of states) {
    const label = state.kind === 'failed' ? `failed (${state.cause.kind})` : JSON.stringify(state);
    it(`a unit ${label}`, () => {
      store.setState(ids.unit, state, 6_000);
      expect(store.getUnit(ids.unit)).toEqual({
        id: ids.unit,
        planId: ids.plan,
        seq: 0,
        relPath: 'a.wav',
        absPath: '/night/a.wav',
        key: 'p/a.wav',
        size: 25,
        mtimeMs: 1.5,
        multipart: true,
        sha256: 'sha',
        md5: 'md5',
        mtimeNs: '1500000',
        state,
        uploadId: null,
        createStarted: false,
        bytesAcked: 0,
        settlement: null,
        portalFileId: null,
      });
      expect(store.counts(ids.plan)).toMatchObject({
        units: 1,
        leftOut: state.kind === 'left-out' ? 1 : 0,
        conflicts: state.kind === 'failed' && state.cause.kind === 'conflict' ? 1 : 0,
        failed: state.kind === 'failed' ? 1 : 0,
      });
    });
  }

  it('a plan, its parts, its journal and its lease', () => {
    store.setPaused(ids.plan, true);
    store.setManifestWritten(ids.plan, 9_000);
    store.ackPart(ids.unit, 1, 'e1');
    store.setUploadId(ids.unit, 'up-1');
    store.markCreateStarted(ids.unit);
    expect(store.getPlan(ids.plan)).toEqual({
      id: ids.plan,
      dir: '/night',
      endpoint: 'http://s3',
      bucket: 'b',
      prefix: 'p',
      fingerprint: 'f',
      metadata: { site: 'S' },
      partSize: 10,
      threshold: 10,
      paused: true,
      createdAt: 1_000,
      completedAt: 9_000,
      manifestAt: 9_000,
      bytesSent: 0,
      bytesResent: 0,
      nightId: 'n1',
      region: 'r',
      pathStyle: true,
      credentialId: 'k',
      programme: null,
      correction: null,
      removing: false,
      portal: null,
      analysisAt: null,
    });
    expect(store.getUnit(ids.unit)).toMatchObject({
      uploadId: 'up-1',
      createStarted: true,
      bytesAcked: 10,
    });
    expect(store.parts(ids.unit)).toEqual([
      { unitId: ids.unit, partNumber: 1, offset: 0, size: 10, md5: 'm1', etag: 'e1', sentBytes: 0 },
      {
        unitId: ids.unit,
        partNumber: 2,
        offset: 10,
        size: 15,
        md5: 'm2',
        etag: null,
        sentBytes: 0,
      },
    ]);
    expect(store.journal({ limit: 5 })).toEqual([
      {
        id: 1,
        planId: ids.plan,
        operation: 'PutObject',
        outcome: 'success',
        attempt: 1,
        delayMs: 12.5,
        at: 2_000,
      },
    ]);
    expect(store.lease(ids.plan)).toEqual({
      planId: ids.plan,
      pid: 4242,
      host: HOST,
      token: 't',
      takenAt: 3_000,
      heartbeatAt: 3_000,
    });
  });

  it('a plan made before issue 11 (no target of its own) reads its target as null', () => {
    damage(
      'UPDATE plans SET region = NULL, path_style = NULL, credential_id = NULL WHERE id = ?',
      ids.plan,
    );
    expect(store.getPlan(ids.plan)).toMatchObject({
      region: null,
      pathStyle: null,
      credentialId: null,
    });
  });
});
