import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  AbortMultipartUploadCommand,
  CreateBucketCommand,
  DeleteBucketCommand,
  DeleteObjectsCommand,
  ListMultipartUploadsCommand,
  ListObjectsV2Command,
  S3Client,
} from '@aws-sdk/client-s3';
import type { S3Coordinates } from '../s3server/S3Coordinates';
import { ensureRadosgwUser, type RadosgwUser } from '../s3server/radosgwUser';
import { ApiAbort, internalErrorBody } from './apiAbort';
import { isObjectId } from './objectId';
import { portalRoutes, type ApiAnswer, type ApiRequest } from './portalRoutes';
import {
  PortalWorld,
  type FichierDoc,
  type ParticipationDoc,
  type Traitement,
} from './PortalWorld';
import type { PortalS3Account } from './signRequestV2';

/** The portal's own radosgw user: its key pair signs every URL, as the real portal's AWS key does. */
export const PORTAL_S3_USER: RadosgwUser = {
  uid: 'depot-portal-stand-in',
  accessKeyId: 'DEPOTPORTALSTANDIN01',
  secretAccessKey: 'depot-portal-stand-in-secret-not-a-real-one-01',
};

export type PortalStandInOptions = {
  /** The S3 server the portal's bucket lives on; `cephConf` is needed for the portal's own user. */
  readonly s3: S3Coordinates;
  /** Where signed URLs point (default: the S3 server; a fault proxy in front of it for faults). */
  readonly signedUrlBase?: string;
  /** `Expires` = now + this (default 36,000 s: 10 h, facts §3); 0 or less gives dead URLs. */
  readonly signedUrlLifetimeSeconds?: number;
  /** `TOKEN_EXPIRE_TIME` (default 14 days, facts §1). */
  readonly tokenLifetimeSeconds?: number;
  /** `FRONTEND_DOMAIN`, where sign-in redirects (default `http://localhost:9000`). */
  readonly frontendDomain?: string;
  /**
   * Whether a 401 carries `WWW-Authenticate: Basic` (default true, as the facts say). Reading
   * `make_json_error` under Flask 1.1.1 suggests the JSON handler drops it: false shows that case.
   */
  readonly wwwAuthenticate?: boolean;
  /** `BACKEND_URL_PREFIX` (default '', as settings.py). */
  readonly urlPrefix?: string;
  /** The address it listens on (default 127.0.0.1; the bench's lab: the server namespace's). */
  readonly host?: string;
};

/** A fault the stand-in applies itself (the fault proxy does resets, stalls and lost replies too). */
export type StandInFault = {
  readonly match: { readonly method?: string; readonly path?: RegExp };
  /** How many matching requests get it (default 1). */
  readonly times?: number;
  /** Matching requests left alone first (default 0). */
  readonly after?: number;
  /**
   * `before`: answered without the route running (nothing done); `after`: the route runs and acts,
   * then `answer` is sent in place of its own answer (or the connection reset).
   */
  readonly when: 'before' | 'after';
  /** A function receives the route's own answer (`after`), or nothing (`before`). */
  readonly answer: ApiAnswer | 'reset' | ((actual: ApiAnswer | undefined) => ApiAnswer | 'reset');
};

export type StandInLogEntry = {
  readonly method: string;
  readonly path: string;
  readonly status?: number;
  readonly fault?: StandInFault['when'];
};

export type SeededUser = { readonly id: string; readonly pseudo: string; readonly token: string };

export type PortalStandIn = {
  /** `http://HOST:PORT` (with the URL prefix, if any). */
  readonly endpoint: string;
  readonly frontendDomain: string;
  /** The portal's bucket and keys, for an independent SDK client in tests. */
  readonly s3: PortalS3Account & { readonly endpoint: string; readonly region: string };
  readonly protocoleId: string;
  /** An Observateur registered and validated on the protocol, with a site and a fresh token. */
  readonly volunteer: SeededUser & { readonly siteId: string };
  /** Another validated Observateur with a site of their own. */
  readonly otherVolunteer: SeededUser & { readonly siteId: string };
  /** Registered on the protocol, not yet validated. */
  readonly newcomer: SeededUser;
  /** Role Lecteur: below Observateur. */
  readonly reader: SeededUser;
  readonly admin: SeededUser;
  issueToken(userId: string, lifetimeSeconds?: number): string;
  setSignedUrlLifetime(seconds: number): void;
  setSignedUrlBase(base: string): void;
  /** Moves the portal's clock (tokens, compute's one-day rule, document dates, `Expires`). */
  advanceClock(ms: number): void;
  setTraitement(participationId: string, traitement: Traitement): void;
  inject(fault: StandInFault): { readonly fired: number; remove(): void };
  clearFaults(): void;
  fichiers(): readonly FichierDoc[];
  participations(): readonly ParticipationDoc[];
  log(): readonly StandInLogEntry[];
  clearLog(): void;
  /** Stops listening and removes the bucket with everything in it. */
  close(): Promise<void>;
};

const MAX_BODY = 16 * 1024 * 1024;

const portalClient = (s3: S3Coordinates): S3Client =>
  new S3Client({
    endpoint: s3.endpoint,
    region: s3.region,
    forcePathStyle: true,
    // Test plumbing: a few SDK retries keep setup from flaking.
    maxAttempts: 3,
    requestChecksumCalculation: 'WHEN_REQUIRED',
    responseChecksumValidation: 'WHEN_REQUIRED',
    credentials: {
      accessKeyId: PORTAL_S3_USER.accessKeyId,
      secretAccessKey: PORTAL_S3_USER.secretAccessKey,
    },
  });

const removeBucket = async (client: S3Client, bucket: string): Promise<void> => {
  for (let round = 0; round < 1000; round++) {
    const uploads = await client.send(new ListMultipartUploadsCommand({ Bucket: bucket }));
    for (const u of uploads.Uploads ?? []) {
      await client.send(
        new AbortMultipartUploadCommand({ Bucket: bucket, Key: u.Key, UploadId: u.UploadId }),
      );
    }
    const listed = await client.send(new ListObjectsV2Command({ Bucket: bucket }));
    const keys = (listed.Contents ?? []).flatMap((o) =>
      o.Key === undefined ? [] : [{ Key: o.Key }],
    );
    if (keys.length > 0) {
      await client.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: keys } }));
    }
    if (keys.length === 0 && (uploads.Uploads ?? []).length === 0) break;
  }
  await client.send(new DeleteBucketCommand({ Bucket: bucket }));
};

const readBody = (req: IncomingMessage): Promise<Buffer | undefined> =>
  new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let length = 0;
    req.on('data', (chunk: Buffer) => {
      length += chunk.length;
      if (length <= MAX_BODY) chunks.push(chunk);
    });
    req.on('end', () => resolve(length > MAX_BODY ? undefined : Buffer.concat(chunks)));
    req.on('error', reject);
  });

/**
 * A stand-in for the Vigie-Chiro portal's upload and participation routes on 127.0.0.1, built
 * from `../shared/programmes/vigiechiro-api.md` (and, where it is silent, from reading the
 * portal's source): documents in memory, URLs signed with SigV2 for a radosgw user of its own, so
 * radosgw itself verifies every PUT and GET. See `portalRoutes.ts` for the routes.
 */
export const startPortalStandIn = async (options: PortalStandInOptions): Promise<PortalStandIn> => {
  if (options.s3.cephConf === undefined) {
    throw new Error(
      'startPortalStandIn: the S3 coordinates name no ceph.conf (DEPOT_S3_CEPH_CONF): the ' +
        "portal's own radosgw user cannot be created",
    );
  }
  await ensureRadosgwUser(options.s3.cephConf, PORTAL_S3_USER);
  const client = portalClient(options.s3);
  // Named here, not with testBucket's helper: that module needs vitest, the script runs without.
  const bucket = `depot-portal-${Date.now().toString(36)}-${randomBytes(3).toString('hex')}`;
  await client.send(new CreateBucketCommand({ Bucket: bucket }));
  const account: PortalS3Account = {
    bucket,
    accessKeyId: PORTAL_S3_USER.accessKeyId,
    secretAccessKey: PORTAL_S3_USER.secretAccessKey,
  };

  const world = new PortalWorld(options.tokenLifetimeSeconds ?? 14 * 24 * 3600);
  let signedUrlLifetime = options.signedUrlLifetimeSeconds ?? 3600 * 10;
  let signedUrlBase = options.signedUrlBase ?? options.s3.endpoint;
  const frontendDomain = options.frontendDomain ?? 'http://localhost:9000';
  const prefix = options.urlPrefix ?? '';
  const routes = portalRoutes({
    world,
    s3: account,
    signedUrlBase: () => signedUrlBase,
    serverS3Endpoint: options.s3.endpoint,
    signedUrlLifetimeSeconds: () => signedUrlLifetime,
    frontendDomain,
    wwwAuthenticate: options.wwwAuthenticate ?? true,
  });

  // The seed: one protocol, volunteers at each stage, their sites.
  const protocole = world.addProtocole('Vigie-Chiro Point Fixe', 'POINT_FIXE');
  const joined = (valide: boolean) => [{ protocole: protocole._id, valide }];
  const seedUser = (pseudo: string, role: Parameters<PortalWorld['addUser']>[1], valide = true) => {
    const user = world.addUser(pseudo, role, joined(valide));
    return { id: user._id, pseudo, token: world.issueToken(user._id) };
  };
  const volunteer = seedUser('Camille', 'Observateur');
  const otherVolunteer = seedUser('Dominique', 'Observateur');
  const newcomer = seedUser('Alex', 'Observateur', false);
  const reader = seedUser('Lecteur', 'Lecteur');
  const admin = seedUser('Admin', 'Administrateur');
  const site = world.addSite('Point fixe 640123', protocole._id, volunteer.id);
  const otherSite = world.addSite('Point fixe 750456', protocole._id, otherVolunteer.id);

  const faults: { fault: StandInFault; matched: number; fired: number }[] = [];
  const log: (StandInLogEntry & { status?: number })[] = [];

  const decide = (method: string, path: string, when: StandInFault['when']) => {
    for (const entry of faults) {
      const { fault } = entry;
      if (fault.when !== when || entry.fired >= (fault.times ?? 1)) continue;
      if (fault.match.method !== undefined && fault.match.method !== method) continue;
      if (fault.match.path !== undefined && !fault.match.path.test(path)) continue;
      entry.matched += 1;
      if (entry.matched <= (fault.after ?? 0)) continue;
      entry.fired += 1;
      return fault;
    }
    return undefined;
  };

  const route = async (request: ApiRequest): Promise<ApiAnswer> => {
    const candidates = routes.flatMap((r) => {
      const m = r.path.exec(request.path);
      return m === null ? [] : [{ route: r, params: m.slice(1) }];
    });
    // Werkzeug's routing: an id that is no ObjectId matches no rule (404); a known path with
    // another method is 405.
    const valid = candidates.filter(({ params }) => params.every((p) => isObjectId(p)));
    if (valid.length === 0) throw new ApiAbort(404);
    const found = valid.find(({ route: r }) => r.method === request.method);
    if (found === undefined) throw new ApiAbort(405);
    return found.route.handler(request, found.params);
  };

  const answerOf = async (request: ApiRequest): Promise<ApiAnswer> => {
    try {
      return await route(request);
    } catch (error) {
      if (error instanceof ApiAbort) {
        return { status: error.status, headers: error.headers, body: error.body() };
      }
      return { status: 500, body: internalErrorBody(String(error)) };
    }
  };

  const send = (res: ServerResponse, answer: ApiAnswer): void => {
    const headers: Record<string, string> = { ...answer.headers };
    let payload: string | undefined;
    if (answer.html !== undefined) {
      headers['content-type'] = 'text/html; charset=utf-8';
      payload = answer.html;
    } else if (answer.body !== undefined && answer.status !== 204) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(answer.body);
    }
    if (payload !== undefined) headers['content-length'] = String(Buffer.byteLength(payload));
    res.writeHead(answer.status, headers);
    res.end(payload);
  };

  const server = createServer({ keepAlive: true }, (req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://portal');
      const method = req.method ?? 'GET';
      const path = url.pathname.startsWith(prefix) ? url.pathname.slice(prefix.length) : '';
      const entry: StandInLogEntry & { status?: number; fault?: StandInFault['when'] } = {
        method,
        path,
      };
      log.push(entry);
      const body = await readBody(req).catch(() => undefined);
      if (body === undefined) {
        if (!req.socket.destroyed) send(res, { status: 413, body: internalErrorBody('too large') });
        return;
      }
      const request: ApiRequest = {
        method,
        path,
        query: url.searchParams,
        headers: req.headers,
        body,
      };
      const early = decide(method, path, 'before');
      if (early !== undefined) {
        entry.fault = 'before';
        const answer = typeof early.answer === 'function' ? early.answer(undefined) : early.answer;
        if (answer === 'reset') req.socket.resetAndDestroy();
        else {
          entry.status = answer.status;
          send(res, answer);
        }
        return;
      }
      const actual = await answerOf(request);
      const late = decide(method, path, 'after');
      const answer =
        late === undefined
          ? actual
          : typeof late.answer === 'function'
            ? late.answer(actual)
            : late.answer;
      if (late !== undefined) entry.fault = 'after';
      if (answer === 'reset') {
        req.socket.resetAndDestroy();
        return;
      }
      entry.status = answer.status;
      send(res, answer);
    })();
  });
  server.on('clientError', (_error, socket) => socket.destroy());
  // Node closes an idle keep-alive connection after 5 s, and a request already on its way over
  // it gets a reset: a flake in tests, not a portal behaviour worth standing in for.
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, options.host ?? '127.0.0.1', () => resolve());
  });
  const port = (server.address() as AddressInfo).port;

  return {
    endpoint: `http://${options.host ?? '127.0.0.1'}:${port}${prefix}`,
    frontendDomain,
    s3: { ...account, endpoint: options.s3.endpoint, region: options.s3.region },
    protocoleId: protocole._id,
    volunteer: { ...volunteer, siteId: site._id },
    otherVolunteer: { ...otherVolunteer, siteId: otherSite._id },
    newcomer,
    reader,
    admin,
    issueToken: (userId, lifetimeSeconds) => world.issueToken(userId, lifetimeSeconds),
    setSignedUrlLifetime: (seconds) => {
      signedUrlLifetime = seconds;
    },
    setSignedUrlBase: (base) => {
      signedUrlBase = base;
    },
    advanceClock: (ms) => world.advance(ms),
    setTraitement: (participationId, traitement) => {
      const doc = world.participations.get(participationId);
      if (doc === undefined) throw new Error(`no participation ${participationId}`);
      doc.traitement = traitement;
    },
    inject: (fault) => {
      const entry = { fault, matched: 0, fired: 0 };
      faults.push(entry);
      return {
        get fired() {
          return entry.fired;
        },
        remove: () => {
          const at = faults.indexOf(entry);
          if (at >= 0) faults.splice(at, 1);
        },
      };
    },
    clearFaults: () => {
      faults.length = 0;
    },
    fichiers: () => [...world.fichiers.values()].map((f) => ({ ...f })),
    participations: () => [...world.participations.values()].map((p) => ({ ...p })),
    log: () => log,
    clearLog: () => {
      log.length = 0;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      try {
        await removeBucket(client, bucket);
      } finally {
        client.destroy();
      }
    },
  };
};
