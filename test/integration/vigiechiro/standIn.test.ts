import { createHash, randomBytes } from 'node:crypto';
import { GetObjectCommand, ListMultipartUploadsCommand } from '@aws-sdk/client-s3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inject } from 'vitest';
import { portalBucketClient } from '../../support/vigiechiro/portalLab';
import {
  startPortalStandIn,
  type PortalStandIn,
} from '../../support/vigiechiro/startPortalStandIn';

/*
 * The stand-in checked against ../shared/programmes/vigiechiro-api.md, one fact (or one table of
 * them) per test, with plain `fetch`: nothing of Depot's client is used here, so the stand-in is
 * pinned to the facts, not to what Depot expects. Facts that come from reading the portal's source
 * rather than the facts file say so.
 */

type Reply = {
  readonly status: number;
  readonly headers: Headers;
  readonly json: unknown;
  readonly text: string;
};

// Large buffers compared by digest: vitest's deep equality walks them byte by byte, for a minute.
const md5 = (bytes: Uint8Array): string => createHash('md5').update(bytes).digest('hex');
const POINT_FIXE = 'Car170517-2014-Pass1-C1-OB-1_20140702_224038_761.wav';
const HOUR = 3600 * 1000;
const DAY = 24 * HOUR;

describe('the Vigie-Chiro portal stand-in, against the facts file', () => {
  let portal: PortalStandIn;
  let participation: string;

  const basic = (token: string, password = ''): string =>
    `Basic ${Buffer.from(`${token}:${password}`).toString('base64')}`;

  const call = async (
    method: string,
    path: string,
    options: {
      token?: string | null;
      json?: unknown;
      body?: string;
      headers?: Record<string, string>;
    } = {},
  ): Promise<Reply> => {
    const token = options.token === undefined ? portal.volunteer.token : options.token;
    const headers: Record<string, string> = { ...options.headers };
    if (token !== null) headers.authorization = basic(token);
    let body = options.body;
    if (options.json !== undefined) {
      headers['content-type'] ??= 'application/json';
      body = JSON.stringify(options.json);
    }
    const res = await fetch(`${portal.endpoint}${path}`, {
      method,
      headers,
      redirect: 'manual',
      ...(body === undefined ? {} : { body }),
    });
    const text = await res.text();
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      json = undefined;
    }
    return { status: res.status, headers: res.headers, json, text };
  };

  const declare = (titre: string, extra: Record<string, unknown> = {}, token?: string) =>
    call('POST', '/fichiers', {
      json: { titre, multipart: false, lien_participation: participation, ...extra },
      ...(token === undefined ? {} : { token }),
    });

  const field = (reply: Reply, name: string): unknown =>
    (reply.json as Record<string, unknown> | undefined)?.[name];

  const put = (url: string, bytes: Uint8Array, headers: Record<string, string>) =>
    fetch(url, { method: 'PUT', body: bytes, headers });

  const newParticipation = async (
    token = portal.volunteer.token,
    site = portal.volunteer.siteId,
  ) => {
    const created = await call('POST', `/sites/${site}/participations`, {
      token,
      json: { date_debut: 'Mon, 01 Jun 2026 20:00:00 GMT', point: 'C1' },
    });
    expect(created.status).toBe(201);
    return String(field(created, '_id'));
  };

  beforeAll(async () => {
    portal = await startPortalStandIn({ s3: inject('s3') });
    participation = await newParticipation();
  });
  afterAll(async () => {
    await portal.close();
  });

  describe('authentication (facts §1)', () => {
    it('a missing, unknown or misplaced token is 401 with WWW-Authenticate: Basic and a JSON error', async () => {
      for (const authorization of [
        undefined,
        basic('NOTATOKEN0000000000000000000000000'),
        // The token as the password: the portal reads the user name only.
        basic('', portal.volunteer.token),
        `Bearer ${portal.volunteer.token}`,
      ]) {
        const reply = await call('GET', '/moi/participations', {
          token: null,
          headers: authorization === undefined ? {} : { authorization },
        });
        expect(reply.status).toBe(401);
        expect(reply.headers.get('www-authenticate')).toMatch(/^Basic/);
        expect(reply.json).toEqual({
          _status: '401 Unauthorized: Please provide proper credentials',
          _errors: 'Please provide proper credentials',
        });
      }
    });

    it('the token is the Basic user name with an empty password', async () => {
      const reply = await call('GET', '/moi/participations');
      expect(reply.status).toBe(200);
    });

    it('a token lasts 14 days by default, then is 401', async () => {
      const token = portal.issueToken(portal.volunteer.id);
      portal.advanceClock(14 * DAY - HOUR);
      expect((await call('GET', '/moi/participations', { token })).status).toBe(200);
      portal.advanceClock(2 * HOUR);
      expect((await call('GET', '/moi/participations', { token })).status).toBe(401);
      portal.advanceClock(-(14 * DAY + HOUR));
    });

    it('a configurable lifetime: a token issued for 1 s is refused 2 s later', async () => {
      const token = portal.issueToken(portal.volunteer.id, 1);
      expect((await call('GET', '/moi/participations', { token })).status).toBe(200);
      portal.advanceClock(2000);
      expect((await call('GET', '/moi/participations', { token })).status).toBe(401);
      portal.advanceClock(-2000);
    });

    it('a role below Observateur is 403 on the upload routes', async () => {
      const reply = await declare(POINT_FIXE, {}, portal.reader.token);
      expect(reply.status).toBe(403);
      expect(String(field(reply, '_status'))).toMatch(/^403 Forbidden/);
    });

    it('sign-in redirects to {FRONTEND}/#/?token=<32 [A-Z0-9]>, a token that works', async () => {
      const page = await call('GET', '/login/google', { token: null });
      expect(page.status).toBe(200);
      expect(page.text).toContain('Camille');
      const redirect = await call('GET', `/login/google?as=${portal.volunteer.id}`, {
        token: null,
      });
      expect(redirect.status).toBe(302);
      const location = redirect.headers.get('location') ?? '';
      const token = /^http:\/\/localhost:9000\/#\/\?token=([A-Z0-9]{32})$/.exec(location)?.[1];
      expect(token).toBeDefined();
      expect((await call('GET', '/moi/participations', { token: token ?? '' })).status).toBe(200);
    });

    it('POST /logout removes the token (reading)', async () => {
      const token = portal.issueToken(portal.volunteer.id);
      expect((await call('POST', '/logout', { token })).json).toEqual({ _status: 'Disconnected' });
      expect((await call('GET', '/moi/participations', { token })).status).toBe(401);
    });
  });

  describe('POST /fichiers: what is accepted (facts §2, §4)', () => {
    it('a body that is not JSON is 412', async () => {
      for (const headers of [{}, { 'content-type': 'text/plain' }] as Record<string, string>[]) {
        const reply = await call('POST', '/fichiers', {
          body: JSON.stringify({ titre: POINT_FIXE }),
          headers,
        });
        expect(reply.status).toBe(412);
        // The source has backticks around the type; the facts quote it without them.
        expect(reply.json).toEqual({
          _status: '412 Precondition Failed: Content-Type is not `application/json`',
          _errors: 'Content-Type is not `application/json`',
        });
      }
    });

    it('any key the portal does not pop is 422 unknown field, `mime` included', async () => {
      const reply = await declare(POINT_FIXE, { mime: 'audio/wav', taille: 3 });
      expect(reply.status).toBe(422);
      expect(field(reply, '_errors')).toEqual({ mime: 'unknown field', taille: 'unknown field' });
      // A volunteer's `proprietaire` is not popped either (reading).
      const owner = await declare(POINT_FIXE, { proprietaire: portal.otherVolunteer.id });
      expect(field(owner, '_errors')).toEqual({ proprietaire: 'unknown field' });
    });

    it('every popped key is accepted', async () => {
      const reply = await declare('Car170517-2014-Pass1-C1-OB-1_20140702_224038_762.wav', {
        _async_process: 'tadarida',
      });
      expect(reply.status).toBe(201);
    });

    it('a missing titre is 422 missing field', async () => {
      const reply = await call('POST', '/fichiers', { json: { multipart: false } });
      expect(reply.status).toBe(422);
      expect(field(reply, '_errors')).toEqual({ titre: 'missing field' });
    });

    it('forbidden characters are 422 before anything else', async () => {
      for (const titre of ['a b.wav', 'été.wav', 'a/b.wav', 'a+b.wav', '']) {
        const reply = await declare(titre, { mime: 'audio/wav' });
        expect(reply.status).toBe(422);
        expect(field(reply, '_errors')).toEqual({ titre: 'string contains forbidden characters' });
      }
    });

    it('an unknown file type is 422; the check is case-sensitive (.WAV is refused)', async () => {
      for (const titre of [POINT_FIXE.replace('.wav', '.WAV'), 'x.mp3', 'x.flac', 'noextension']) {
        const reply = await declare(titre, { mime: 'audio/wav' });
        expect(reply.status).toBe(422);
        expect(field(reply, '_errors')).toEqual({ titre: 'unknown file type' });
      }
    });

    it('detect_mime: ends-with matching (x.g is image/png) and the zip patterns', async () => {
      const table: readonly [string, string, string][] = [
        ['x.g', 'image/png', 'photos/'],
        ['x.png', 'image/png', 'photos/'],
        ['x.jpg', 'image/jpg', 'photos/'],
        ['nuit.zip', 'application/zip', 'zip/'],
        ['nuit.zip.001', 'application/zip', 'zip/'],
        ['nuit.z01', 'application/zip', 'zip/'],
        // `re.match` anchors at the start only: anything after `.zip` is a zip (reading).
        ['nuit.zipper', 'application/zip', 'zip/'],
      ];
      for (const [titre, mime, folder] of table) {
        const reply = await declare(titre);
        expect(reply.status, titre).toBe(201);
        expect(field(reply, 'mime'), titre).toBe(mime);
        expect(field(reply, 's3_id'), titre).toBe(`${folder}pa-${participation}/${titre}`);
      }
    });

    it('the name patterns (facts §4): the table of names checked by running the function', async () => {
      const accepted = [
        'Cir270-2009-Pass1-Tron1-Chiro_0_00265_000.wav',
        'Car170517-2014-Pass1-C1-OB-1_20140702_224038_761.wav',
        'Car170517-2014-Pass1-Z12-OB-1_20140702_224038_761.wav',
        // No `_` before the date: accepted.
        'Car170517-2014-Pass1-C1-20140702_224038_761.wav',
        'Cir270-2009-Pass10-Tron15-Chiro_265_000.ta',
        'Car170517-2014-Pass99-H2-x_20140702_224038_761.tcc',
      ];
      const rejected = [
        'Car170517-2014-Pass1-Z0-OB-1_20140702_224038_761.wav',
        'Car170517-2014-Pass1-I1-OB-1_20140702_224038_761.wav',
        'Car170517-2014-Pass0-C1-OB-1_20140702_224038_761.wav',
        'Cir270-2009-Pass0-Tron1-Chiro_0_00265_000.wav',
        'Cir270-2009-Pass1-Tron0-Chiro_0_00265_000.wav',
        'Car170517-14-Pass1-C1-OB-1_20140702_224038_761.wav',
        'recording_20140702_224038.wav',
        // wav/ta/tc need the pattern; `x.v` is `audio/wav` by ends-with, and `v` no data extension.
        'x.v',
      ];
      for (const titre of accepted) {
        expect((await declare(titre)).status, titre).toBe(201);
      }
      for (const titre of rejected) {
        const reply = await declare(titre);
        expect(reply.status, titre).toBe(422);
        expect(field(reply, '_errors'), titre).toEqual({ titre: `invalid name ${titre}` });
      }
    });

    it('photos and zips skip the name check', async () => {
      expect((await declare('any-name.jpeg')).status).toBe(201);
      expect((await declare('any-name.zip')).status).toBe(201);
    });

    it('the order of checks: forbidden characters, file type, unknown fields, then the name (reading)', async () => {
      expect(field(await declare('bad name.wav', { mime: 'x' }), '_errors')).toEqual({
        titre: 'string contains forbidden characters',
      });
      expect(field(await declare('x.mp3', { mime: 'x' }), '_errors')).toEqual({
        titre: 'unknown file type',
      });
      expect(field(await declare('x.wav', { mime: 'x' }), '_errors')).toEqual({
        mime: 'unknown field',
      });
      expect(field(await declare('x.wav'), '_errors')).toEqual({ titre: 'invalid name x.wav' });
    });

    it('an unknown participation is 422 (reading: the relation must exist)', async () => {
      const reply = await declare(POINT_FIXE, { lien_participation: '0123456789abcdef01234567' });
      expect(reply.status).toBe(422);
      expect(Object.keys(field(reply, '_errors') as object)).toEqual(['lien_participation']);
    });
  });

  describe('POST /fichiers: the declaration (facts §2, §3, §5)', () => {
    it('answers 201 with the document and a SigV2 PUT URL valid 10 hours', async () => {
      const titre = 'Car170517-2014-Pass1-C1-OB-1_20140702_224100_000.wav';
      const before = Math.floor(Date.now() / 1000);
      const reply = await declare(titre);
      expect(reply.status).toBe(201);
      expect(reply.json).toMatchObject({
        titre,
        mime: 'audio/wav',
        proprietaire: portal.volunteer.id,
        disponible: false,
        s3_id: `wav/pa-${participation}/${titre}`,
        lien_participation: participation,
      });
      expect(String(field(reply, '_id'))).toMatch(/^[0-9a-f]{24}$/);
      for (const name of ['_etag', '_created', '_updated']) {
        expect(typeof field(reply, name), name).toBe('string');
      }
      const url = new URL(String(field(reply, 's3_signed_url')));
      expect(url.pathname).toBe(`/${portal.s3.bucket}/wav/pa-${participation}/${titre}`);
      expect([...url.searchParams.keys()]).toEqual(['AWSAccessKeyId', 'Expires', 'Signature']);
      expect(url.searchParams.get('AWSAccessKeyId')).toBe(portal.s3.accessKeyId);
      const expires = Number(url.searchParams.get('Expires'));
      expect(expires).toBeGreaterThanOrEqual(before + 36_000);
      expect(expires).toBeLessThanOrEqual(Math.floor(Date.now() / 1000) + 36_000);
    });

    it('without a participation the key is <folder><titre>', async () => {
      const reply = await call('POST', '/fichiers', { json: { titre: 'sans-participation.png' } });
      expect(field(reply, 's3_id')).toBe('photos/sans-participation.png');
    });

    it('radosgw takes the PUT with exactly the signed Content-Type; its ETag is the MD5', async () => {
      const reply = await declare('Car170517-2014-Pass1-C1-OB-1_20140702_224200_000.wav');
      const bytes = randomBytes(100_000);
      const res = await put(String(field(reply, 's3_signed_url')), bytes, {
        'content-type': 'audio/wav',
      });
      expect(res.status).toBe(200);
      expect(res.headers.get('etag')).toBe(`"${createHash('md5').update(bytes).digest('hex')}"`);
      const object = await portalBucketClient(portal).send(
        new GetObjectCommand({ Bucket: portal.s3.bucket, Key: String(field(reply, 's3_id')) }),
      );
      expect(md5(await object.Body!.transformToByteArray())).toBe(md5(bytes));
      expect(object.ContentType).toBe('audio/wav');
    });

    it('radosgw refuses (403) another Content-Type, none, or an added Content-MD5', async () => {
      const reply = await declare('Car170517-2014-Pass1-C1-OB-1_20140702_224300_000.wav');
      const url = String(field(reply, 's3_signed_url'));
      const bytes = randomBytes(1000);
      const md5 = createHash('md5').update(bytes).digest('base64');
      for (const headers of [
        { 'content-type': 'audio/x-wav' },
        { 'content-type': 'application/octet-stream' },
        {},
        { 'content-type': 'audio/wav', 'content-md5': md5 },
      ] as Record<string, string>[]) {
        const res = await put(url, bytes, headers);
        expect(res.status, JSON.stringify(headers)).toBe(403);
        expect(await res.text()).toContain('<Code>SignatureDoesNotMatch</Code>');
      }
    });

    it('radosgw refuses (403) a URL past its Expires', async () => {
      portal.setSignedUrlLifetime(-60);
      try {
        const reply = await declare('Car170517-2014-Pass1-C1-OB-1_20140702_224400_000.wav');
        const res = await put(String(field(reply, 's3_signed_url')), randomBytes(10), {
          'content-type': 'audio/wav',
        });
        expect(res.status).toBe(403);
        expect(await res.text()).toContain('<Code>AccessDenied</Code>');
      } finally {
        portal.setSignedUrlLifetime(36_000);
      }
    });

    it('a retried create returns the same document with a fresh URL while not available', async () => {
      const titre = 'Car170517-2014-Pass1-C1-OB-1_20140702_224500_000.wav';
      const first = await declare(titre);
      portal.advanceClock(5000);
      const second = await declare(titre);
      portal.advanceClock(-5000);
      expect(second.status).toBe(201);
      expect(field(second, '_id')).toBe(field(first, '_id'));
      expect(field(second, 's3_id')).toBe(field(first, 's3_id'));
      expect(field(second, 's3_signed_url')).not.toBe(field(first, 's3_signed_url'));
      // Read back from the database, relations come expanded (reading).
      expect(field(second, 'lien_participation')).toMatchObject({ _id: participation });
      // Both URLs work: the second was signed later, that is all.
      const res = await put(String(field(second, 's3_signed_url')), randomBytes(10), {
        'content-type': 'audio/wav',
      });
      expect(res.status).toBe(200);
      expect(portal.fichiers().filter((f) => f.titre === titre)).toHaveLength(1);
    });

    it('the same titre in another participation is another key, allowed (test_same_file_name)', async () => {
      const other = await newParticipation();
      const a = await declare(POINT_FIXE);
      const b = await declare(POINT_FIXE, { lien_participation: other });
      expect(b.status).toBe(201);
      expect(field(b, '_id')).not.toBe(field(a, '_id'));
      expect(field(b, 's3_id')).toBe(`wav/pa-${other}/${POINT_FIXE}`);
    });

    it("the duplicate check ignores the owner: another volunteer gets the first one's pending document (reading)", async () => {
      const titre = 'sans-participation-partagee.png';
      const mine = await call('POST', '/fichiers', { json: { titre } });
      const theirs = await call('POST', '/fichiers', {
        json: { titre },
        token: portal.otherVolunteer.token,
      });
      expect(theirs.status).toBe(201);
      expect(field(theirs, '_id')).toBe(field(mine, '_id'));
    });
  });

  describe('POST /fichiers/<id>: finalize (facts §2, §5)', () => {
    it('sets disponible; a second finalize, and a create of a finished file, are 409 upload is already done', async () => {
      const titre = 'Car170517-2014-Pass1-C1-OB-1_20140702_225000_000.wav';
      const declared = await declare(titre);
      const id = String(field(declared, '_id'));
      await put(String(field(declared, 's3_signed_url')), randomBytes(10), {
        'content-type': 'audio/wav',
      });
      const done = await call('POST', `/fichiers/${id}`);
      expect(done.status).toBe(200);
      expect(done.json).toMatchObject({ _id: id, disponible: true });
      for (const again of [await call('POST', `/fichiers/${id}`), await declare(titre)]) {
        expect(again.status).toBe(409);
        expect(again.json).toEqual({
          _status: '409 Conflict: upload is already done',
          _errors: 'upload is already done',
        });
      }
    });

    it('never checks the object: a file never uploaded is finalized (test_singlepart_upload)', async () => {
      const declared = await declare('Car170517-2014-Pass1-C1-OB-1_20140702_225100_000.wav');
      const id = String(field(declared, '_id'));
      expect((await call('POST', `/fichiers/${id}`)).status).toBe(200);
      const access = await call('GET', `/fichiers/${id}/acces`);
      const res = await fetch(String(field(access, 's3_signed_url')));
      expect(res.status).toBe(404);
      await res.text();
    });

    it('only the owner or an Administrateur may finalize', async () => {
      const declared = await declare('Car170517-2014-Pass1-C1-OB-1_20140702_225200_000.wav');
      const id = String(field(declared, '_id'));
      expect(
        (await call('POST', `/fichiers/${id}`, { token: portal.otherVolunteer.token })).status,
      ).toBe(403);
      expect((await call('POST', `/fichiers/${id}`, { token: portal.admin.token })).status).toBe(
        200,
      );
    });

    it('an unknown id is 404, a malformed one too', async () => {
      const unknown = await call('POST', '/fichiers/0123456789abcdef01234567');
      expect(unknown.status).toBe(404);
      expect(field(unknown, '_errors')).toBe(
        '`0123456789abcdef01234567` is not a valid fichiers resource',
      );
      expect((await call('POST', '/fichiers/not-an-id')).status).toBe(404);
    });
  });

  describe('GET /fichiers/<id>/acces and DELETE /fichiers/<id> (facts §2)', () => {
    it('410 file is not available until finalized, then a signed GET URL radosgw honours', async () => {
      const declared = await declare('Car170517-2014-Pass1-C1-OB-1_20140702_230000_000.wav');
      const id = String(field(declared, '_id'));
      const before = await call('GET', `/fichiers/${id}/acces`);
      expect(before.status).toBe(410);
      expect(field(before, '_errors')).toBe('file is not available');
      const bytes = randomBytes(5000);
      await put(String(field(declared, 's3_signed_url')), bytes, { 'content-type': 'audio/wav' });
      // Uploaded but not finalized: still 410.
      expect((await call('GET', `/fichiers/${id}/acces`)).status).toBe(410);
      await call('POST', `/fichiers/${id}`);
      const after = await call('GET', `/fichiers/${id}/acces`);
      expect(after.status).toBe(200);
      const url = new URL(String(field(after, 's3_signed_url')));
      expect([...url.searchParams.keys()]).toEqual(['AWSAccessKeyId', 'Expires', 'Signature']);
      const res = await fetch(url);
      expect(res.status).toBe(200);
      expect(md5(new Uint8Array(await res.arrayBuffer()))).toBe(md5(bytes));
      const redirected = await call('GET', `/fichiers/${id}/acces?redirection=true`);
      expect(redirected.status).toBe(302);
      expect(redirected.headers.get('location')).toMatch(/Signature=/);
    });

    it('the owner cancels an unfinished upload (204); a finished one is 422; others 403', async () => {
      const declared = await declare('Car170517-2014-Pass1-C1-OB-1_20140702_230100_000.wav');
      const id = String(field(declared, '_id'));
      expect(
        (await call('DELETE', `/fichiers/${id}`, { token: portal.otherVolunteer.token })).status,
      ).toBe(403);
      expect((await call('DELETE', `/fichiers/${id}`)).status).toBe(204);
      expect((await call('POST', `/fichiers/${id}`)).status).toBe(404);
      const again = await declare('Car170517-2014-Pass1-C1-OB-1_20140702_230100_000.wav');
      expect(field(again, '_id')).not.toBe(id);
      await call('POST', `/fichiers/${String(field(again, '_id'))}`);
      const late = await call('DELETE', `/fichiers/${String(field(again, '_id'))}`);
      expect(late.status).toBe(422);
      expect(field(late, '_errors')).toBe('cannot cancel file once upload is done');
    });
  });

  describe('participations (facts §2, §5; listings read from the source)', () => {
    it('creates one with date_debut, date_fin, point; dates in RFC 1123 as the front sends them', async () => {
      const reply = await call('POST', `/sites/${portal.volunteer.siteId}/participations`, {
        json: {
          date_debut: 'Mon, 01 Jun 2026 20:00:00 GMT',
          date_fin: 'Tue, 02 Jun 2026 06:30:00 GMT',
          point: 'C1',
          commentaire: 'nuit calme',
          meteo: { vent: 'FAIBLE' },
          configuration: { detecteur_enregistreur_numero_serie: '123' },
        },
      });
      expect(reply.status).toBe(201);
      expect(reply.json).toMatchObject({
        observateur: portal.volunteer.id,
        site: portal.volunteer.siteId,
        protocole: portal.protocoleId,
        date_debut: '2026-06-01T20:00:00',
        date_fin: '2026-06-02T06:30:00',
        point: 'C1',
      });
    });

    it('refuses what the source refuses, with its reasons', async () => {
      const site = `/sites/${portal.volunteer.siteId}/participations`;
      const missing = await call('POST', site, { json: { point: 'C1' } });
      expect([missing.status, field(missing, '_errors')]).toEqual([
        422,
        { date_debut: 'required field' },
      ]);
      const badDate = await call('POST', site, { json: { date_debut: '2026-06-01' } });
      expect(field(badDate, '_errors')).toEqual({ date_debut: 'must be of datetime type' });
      const invalid = await call('POST', site, {
        json: { date_debut: 'Mon, 01 Jun 2026 20:00:00 GMT', site: 'x' },
      });
      expect(field(invalid, '_errors')).toEqual({ site: 'invalid field' });
      const unknownSite = await call('POST', '/sites/0123456789abcdef01234567/participations', {
        json: { date_debut: 'Mon, 01 Jun 2026 20:00:00 GMT' },
      });
      expect(field(unknownSite, '_errors')).toEqual({ site: 'no site with this id' });
      const notValidated = await call('POST', site, {
        json: { date_debut: 'Mon, 01 Jun 2026 20:00:00 GMT' },
        token: portal.newcomer.token,
      });
      expect([notValidated.status, field(notValidated, '_errors')]).toEqual([
        422,
        'protocole registration not yet validated',
      ]);
    });

    it("lists a site's participations and the volunteer's own, paged as {_items, _meta}", async () => {
      const ofSite = await call('GET', `/sites/${portal.volunteer.siteId}/participations`);
      expect(ofSite.status).toBe(200);
      const items = field(ofSite, '_items') as { _id: string }[];
      expect(items.map((p) => p._id)).toContain(participation);
      expect(field(ofSite, '_meta')).toEqual({ max_results: 20, total: items.length, page: 1 });
      const mine = await call('GET', '/moi/participations?max_results=1&page=1');
      expect((field(mine, '_items') as unknown[]).length).toBe(1);
      expect((await call('GET', '/moi/participations?max_results=101')).status).toBe(422);
      const theirs = await call('GET', '/moi/participations', {
        token: portal.otherVolunteer.token,
      });
      expect(field(theirs, '_meta')).toMatchObject({ total: 0 });
    });

    it("GET /participations/<id>/pieces_jointes lists the participation's files with disponible", async () => {
      const own = await newParticipation();
      const a = await declare(POINT_FIXE, { lien_participation: own });
      const b = await declare('Car170517-2014-Pass1-C1-OB-1_20140702_224038_999.wav', {
        lien_participation: own,
      });
      await call('POST', `/fichiers/${String(field(a, '_id'))}`);
      const listed = await call('GET', `/participations/${own}/pieces_jointes`);
      expect(listed.status).toBe(200);
      const items = field(listed, '_items') as Record<string, unknown>[];
      expect(items.map((i) => [i.titre, i.disponible])).toEqual([
        [POINT_FIXE, true],
        ['Car170517-2014-Pass1-C1-OB-1_20140702_224038_999.wav', false],
      ]);
      expect(items[0]).not.toHaveProperty('proprietaire');
      expect(items[0]).not.toHaveProperty('lien_participation');
      expect(field(b, '_id')).toBe(items[1]?._id);
      const wavOnly = await call(
        'GET',
        `/participations/${own}/pieces_jointes?wav=true&max_results=1&page=2`,
      );
      expect((field(wavOnly, '_items') as unknown[]).length).toBe(1);
      expect(field(wavOnly, '_meta')).toEqual({ max_results: 1, total: 2, page: 2 });
    });

    it('compute: 200 {}, then 400 Already PLANIFIE within a day, accepted again a day later', async () => {
      const own = await newParticipation();
      const first = await call('POST', `/participations/${own}/compute`, { json: {} });
      expect([first.status, first.json]).toEqual([200, {}]);
      const second = await call('POST', `/participations/${own}/compute`, { json: {} });
      expect(second.status).toBe(400);
      expect(second.json).toEqual({
        _status: "400 Bad Request: {'etat': 'Already PLANIFIE'}",
        _errors: { etat: 'Already PLANIFIE' },
      });
      portal.advanceClock(DAY + HOUR);
      try {
        expect((await call('POST', `/participations/${own}/compute`, { json: {} })).status).toBe(
          200,
        );
      } finally {
        portal.advanceClock(-(DAY + HOUR));
      }
    });

    it('compute: 400 Already EN_COURS while a run started less than a day ago; others 403', async () => {
      const own = await newParticipation();
      portal.setTraitement(own, { etat: 'EN_COURS', date_debut: Date.now() - 2 * HOUR });
      const running = await call('POST', `/participations/${own}/compute`, { json: {} });
      expect(field(running, '_errors')).toEqual({ etat: 'Already EN_COURS' });
      portal.setTraitement(own, { etat: 'EN_COURS', date_debut: Date.now() - 2 * DAY });
      expect((await call('POST', `/participations/${own}/compute`, { json: {} })).status).toBe(200);
      const other = await call('POST', `/participations/${own}/compute`, {
        json: {},
        token: portal.otherVolunteer.token,
      });
      expect(other.status).toBe(403);
    });
  });

  describe('multipart (facts §2, §3, §5: retired, still served)', () => {
    it('initiates on S3, signs each part with an empty Content-Type, completes with the parts', async () => {
      const declared = await call('POST', '/fichiers', {
        json: { titre: 'nuit-en-parties.zip', multipart: true, lien_participation: participation },
      });
      expect(declared.status).toBe(201);
      expect(declared.json).not.toHaveProperty('s3_signed_url');
      expect(field(declared, 's3_upload_multipart_id')).toEqual(expect.any(String));
      const id = String(field(declared, '_id'));
      const parts = [randomBytes(5 * 1024 * 1024), randomBytes(1000)];
      const etags: string[] = [];
      for (const [index, bytes] of parts.entries()) {
        const signed = await call('PUT', `/fichiers/${id}/multipart`, {
          json: { part_number: index + 1 },
        });
        const res = await fetch(String(field(signed, 's3_signed_url')), {
          method: 'PUT',
          body: bytes,
        });
        expect(res.status).toBe(200);
        etags.push(res.headers.get('etag') ?? '');
      }
      const missing = await call('POST', `/fichiers/${id}`, { json: {} });
      expect([missing.status, field(missing, '_errors')]).toEqual([422, 'missing field parts']);
      const invalid = await call('POST', `/fichiers/${id}`, {
        json: { parts: [{ part_number: 1, etag: etags[0], size: 3 }] },
      });
      expect([invalid.status, field(invalid, '_errors')]).toEqual([422, 'invalid parts list']);
      const done = await call('POST', `/fichiers/${id}`, {
        json: { parts: etags.map((etag, i) => ({ part_number: i + 1, etag })) },
      });
      expect(done.status).toBe(200);
      const object = await portalBucketClient(portal).send(
        new GetObjectCommand({ Bucket: portal.s3.bucket, Key: String(field(declared, 's3_id')) }),
      );
      expect(md5(await object.Body!.transformToByteArray())).toBe(md5(Buffer.concat(parts)));
    });

    it('a retried multipart create returns the old upload id and leaves an orphan on S3', async () => {
      const titre = 'orphelin.zip';
      const key = `zip/pa-${participation}/${titre}`;
      const json = { titre, multipart: true, lien_participation: participation };
      const first = await call('POST', '/fichiers', { json });
      const second = await call('POST', '/fichiers', { json });
      expect(field(second, '_id')).toBe(field(first, '_id'));
      expect(field(second, 's3_upload_multipart_id')).toBe(field(first, 's3_upload_multipart_id'));
      const uploads = await portalBucketClient(portal).send(
        new ListMultipartUploadsCommand({ Bucket: portal.s3.bucket, Prefix: key }),
      );
      expect(uploads.Uploads?.length).toBe(2);
    });

    it('a part URL for a single-part file is 422 not a multipart', async () => {
      const declared = await declare('Car170517-2014-Pass1-C1-OB-1_20140702_231000_000.wav');
      const reply = await call('PUT', `/fichiers/${String(field(declared, '_id'))}/multipart`, {
        json: { part_number: 1 },
      });
      expect([reply.status, field(reply, '_errors')]).toEqual([422, 'not a multipart']);
    });
  });
});

describe('the stand-in with the options the facts leave open', () => {
  it('tokenLifetimeSeconds sets how long a sign-in lasts', async () => {
    const portal = await startPortalStandIn({ s3: inject('s3'), tokenLifetimeSeconds: 60 });
    try {
      const ask = () =>
        fetch(`${portal.endpoint}/moi/participations`, {
          headers: {
            authorization: `Basic ${Buffer.from(`${portal.volunteer.token}:`).toString('base64')}`,
          },
        }).then(async (res) => {
          await res.text();
          return res.status;
        });
      expect(await ask()).toBe(200);
      portal.advanceClock(61_000);
      expect(await ask()).toBe(401);
    } finally {
      await portal.close();
    }
  });

  it('wwwAuthenticate: false gives the 401 without the header (what reading Flask 1.1 suggests)', async () => {
    const portal = await startPortalStandIn({ s3: inject('s3'), wwwAuthenticate: false });
    try {
      const res = await fetch(`${portal.endpoint}/moi/participations`);
      expect(res.status).toBe(401);
      expect(res.headers.get('www-authenticate')).toBeNull();
      expect(await res.json()).toMatchObject({ _errors: 'Please provide proper credentials' });
    } finally {
      await portal.close();
    }
  });
});
