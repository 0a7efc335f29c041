import type { IncomingHttpHeaders } from 'node:http';
import { ApiAbort, internalErrorBody } from './apiAbort';
import {
  ALLOWED_MIMES_PHOTOS,
  ALLOWED_MIMES_PROCESSING_EXTRA,
  ALLOWED_MIMES_TA,
  ALLOWED_MIMES_TC,
  ALLOWED_MIMES_WAV,
  detectMime,
  folderOfMime,
  needsDonneeName,
} from './detectMime';
import { isObjectId } from './objectId';
import type { Etat, FichierDoc, ParticipationDoc, PortalWorld, Role, UserDoc } from './PortalWorld';
import { hasRole } from './PortalWorld';
import { signRequestV2, type PortalS3Account } from './signRequestV2';
import { validateDonneeName } from './validateDonneeName';

/*
 * The portal's routes a volunteer's client uses, from the facts file
 * (../shared/programmes/vigiechiro-api.md); where it is silent, from reading
 * `Scille/vigiechiro-api` at the facts' commit (each such place says "reading"). Order of checks,
 * status codes and `_errors` values follow the source; nothing here follows what Depot would like.
 */

export type ApiRequest = {
  readonly method: string;
  /** Without the query, without `BACKEND_URL_PREFIX`. */
  readonly path: string;
  readonly query: URLSearchParams;
  readonly headers: IncomingHttpHeaders;
  readonly body: Buffer;
};

export type ApiAnswer = {
  readonly status: number;
  readonly headers?: Readonly<Record<string, string>>;
  /** JSON, an HTML page, or nothing. */
  readonly body?: unknown;
  readonly html?: string;
};

export type RouteDeps = {
  readonly world: PortalWorld;
  readonly s3: PortalS3Account;
  /** Where signed URLs point (radosgw, or a fault proxy in front of it). */
  readonly signedUrlBase: () => string;
  /** Where the portal itself talks to S3 (multipart initiate, complete, abort). */
  readonly serverS3Endpoint: string;
  readonly signedUrlLifetimeSeconds: () => number;
  readonly frontendDomain: string;
  readonly wwwAuthenticate: boolean;
};

type Handler = (request: ApiRequest, params: readonly string[]) => ApiAnswer | Promise<ApiAnswer>;

export type Route = { readonly method: string; readonly path: RegExp; readonly handler: Handler };

const ID = '([^/]+)';
const DAY_MS = 24 * 3600 * 1000;
const RFC_1123 =
  /^(Mon|Tue|Wed|Thu|Fri|Sat|Sun), (\d{1,2}) (Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) (\d{4}) (\d{1,2}):(\d{1,2}):(\d{1,2}) GMT$/i;
const MONTHS = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];

/** `str_to_date` with `DATE_FORMAT = '%a, %d %b %Y %H:%M:%S GMT'` (settings.py, reading). */
const parseRfc1123 = (text: string): number | undefined => {
  const m = RFC_1123.exec(text);
  if (m === null) return undefined;
  const [, , day, month, year, h, min, s] = m;
  const ms = Date.UTC(
    Number(year),
    MONTHS.indexOf((month ?? '').toLowerCase()),
    Number(day),
    Number(h),
    Number(min),
    Number(s),
  );
  return Number.isNaN(ms) ? undefined : ms;
};

/** Python's truth of a JSON value (`if multipart:`). */
const pythonTruthy = (value: unknown): boolean =>
  !(
    value === undefined ||
    value === null ||
    value === false ||
    value === 0 ||
    value === '' ||
    (Array.isArray(value) && value.length === 0) ||
    (typeof value === 'object' && value !== null && Object.keys(value).length === 0)
  );

export const portalRoutes = (deps: RouteDeps): readonly Route[] => {
  const { world } = deps;

  /**
   * `requires_auth` and `check_auth` (facts §1): the token is the HTTP Basic user name, the
   * password empty. A missing, unknown or expired token is 401 (`WWW-Authenticate: Basic`, as the
   * facts say; reading `make_json_error` suggests Flask 1.1 drops that header, hence the option),
   * a role too low 403.
   */
  const authenticate = (request: ApiRequest, role?: Role): UserDoc => {
    const unauthorized = (): ApiAbort =>
      new ApiAbort(
        401,
        'Please provide proper credentials',
        deps.wwwAuthenticate ? { 'www-authenticate': 'Basic realm:"vigiechiro.xin"' } : {},
      );
    const header = request.headers.authorization ?? '';
    const [scheme, info] = header.trim().split(/\s+/, 2);
    if (scheme?.toLowerCase() !== 'basic' || info === undefined) throw unauthorized();
    const decoded = Buffer.from(info, 'base64').toString('utf8');
    const colon = decoded.indexOf(':');
    if (colon < 0) throw unauthorized();
    const user = world.userOfToken(decoded.slice(0, colon));
    if (typeof user === 'string') throw unauthorized();
    if (role !== undefined && !hasRole(user.role, role)) throw new ApiAbort(403);
    return user;
  };

  /** `get_payload` (xin/snippets.py, reading): Flask's `get_json`, then the allowed fields. */
  const payload = (
    request: ApiRequest,
    allowed?: Readonly<Record<string, boolean>>,
  ): Record<string, unknown> => {
    const mimetype = (request.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
    const isJson =
      mimetype === 'application/json' ||
      (mimetype?.startsWith('application/') === true && mimetype.endsWith('+json'));
    const notJson = (): ApiAbort => new ApiAbort(412, 'Content-Type is not `application/json`');
    if (!isJson) throw notJson();
    let value: unknown;
    try {
      value = JSON.parse(request.body.toString('utf8'));
    } catch {
      throw new ApiAbort(
        400,
        'Failed to decode JSON object: Expecting value: line 1 column 1 (char 0)',
      );
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value)) throw notJson();
    const fields = value as Record<string, unknown>;
    if (allowed !== undefined && Object.keys(allowed).length > 0) {
      const invalid = Object.keys(fields).filter((k) => !(k in allowed));
      if (invalid.length > 0) {
        throw new ApiAbort(422, Object.fromEntries(invalid.map((k) => [k, 'invalid field'])));
      }
      const missing = Object.entries(allowed).filter(([k, required]) => required && !(k in fields));
      if (missing.length > 0) {
        throw new ApiAbort(422, Object.fromEntries(missing.map(([k]) => [k, 'missing field'])));
      }
    }
    return fields;
  };

  /** `Paginator` (xin/snippets.py at the facts' commit, reading): 20 by default, 100 at most. */
  const paginate = <T>(request: ApiRequest, items: readonly T[], json: (item: T) => unknown) => {
    const maxResults = Number(request.query.get('max_results') ?? '20');
    const page = Number(request.query.get('page') ?? '1');
    if (!Number.isInteger(maxResults) || !Number.isInteger(page)) {
      throw new ApiAbort(422, 'Invalid max_results and/or page params');
    }
    const skip = (page - 1) * maxResults;
    if (skip < 0) throw new ApiAbort(422, 'page params must be > 0');
    if (maxResults > 100) throw new ApiAbort(422, 'max_results params must be < 100');
    return {
      status: 200,
      body: {
        _items: items.slice(skip, skip + maxResults).map(json),
        _meta: { max_results: maxResults, total: items.length, page },
      },
    };
  };

  const fichierOr404 = (id: string): FichierDoc => {
    const doc = world.fichiers.get(id);
    if (doc === undefined) throw new ApiAbort(404, `\`${id}\` is not a valid fichiers resource`);
    return doc;
  };

  const participationOr404 = (id: string): ParticipationDoc => {
    const doc = world.participations.get(id);
    if (doc === undefined) throw new ApiAbort(404);
    return doc;
  };

  /** `_check_access_rights` of fichiers.py: admin, validateur, owner, or the owner's data public. */
  const checkFichierRead = (user: UserDoc, doc: FichierDoc): void => {
    if (user.role === 'Administrateur' || user.role === 'Validateur') return;
    if (doc.proprietaire === user._id) return;
    if (!(world.users.get(doc.proprietaire)?.donnees_publiques ?? true)) throw new ApiAbort(403);
  };

  /** `_check_read_access` of participations.py. */
  const checkParticipationRead = (user: UserDoc, doc: ParticipationDoc): void => {
    if (user.role === 'Administrateur' || user.role === 'Validateur') return;
    if (doc.observateur === user._id) return;
    if (!(world.users.get(doc.observateur)?.donnees_publiques ?? false)) throw new ApiAbort(403);
  };

  const expires = (): number =>
    Math.floor(world.now() / 1000) + Math.trunc(deps.signedUrlLifetimeSeconds());

  const sign = (
    verb: 'GET' | 'PUT' | 'POST' | 'DELETE',
    objectName: string,
    contentType = '',
    signHead?: string,
    urlBase = deps.signedUrlBase(),
  ): string =>
    signRequestV2(deps.s3, {
      verb,
      objectName,
      contentType,
      expires: expires(),
      urlBase,
      ...(signHead === undefined ? {} : { signHead }),
    });

  /** The portal's own request to S3 (multipart only), straight to the server, not through a proxy. */
  const s3Call = (
    verb: 'POST' | 'DELETE',
    objectName: string,
    contentType: string,
    signHead: string,
    body?: string,
  ): Promise<Response> =>
    fetch(sign(verb, objectName, contentType, signHead, deps.serverS3Endpoint), {
      method: verb,
      ...(contentType === '' ? {} : { headers: { 'content-type': contentType } }),
      ...(body === undefined ? {} : { body }),
    });

  /**
   * `fichiers.insert`'s validation of what the client may set: a relation must be an ObjectId of
   * an existing document (`xin/schema.py`, reading). The stand-in keeps no `donnees`.
   */
  const validateRelations = (doc: FichierDoc): void => {
    const errors: Record<string, unknown> = {};
    const check = (
      field: string,
      resource: string,
      value: string | undefined,
      exists: (id: string) => boolean,
    ): void => {
      if (value === undefined) return;
      const mustExist = `value '${value}' must exist in resource '${resource}', field '_id'.`;
      if (!isObjectId(value)) errors[field] = ['must be of ObjectId type', mustExist];
      else if (!exists(value)) errors[field] = mustExist;
    };
    check('lien_participation', 'participations', doc.lien_participation, (id) =>
      world.participations.has(id),
    );
    check('lien_protocole', 'protocoles', doc.lien_protocole, (id) => world.protocoles.has(id));
    check('lien_donnee', 'donnees', doc.lien_donnee, () => false);
    if (Object.keys(errors).length > 0) throw new ApiAbort(422, errors);
  };

  /** `POST /fichiers` (facts §2, §5; order of checks read from `fichier_create`). */
  const createFichier: Handler = async (request) => {
    const user = authenticate(request, 'Observateur');
    const body = payload(request);
    if (!('titre' in body)) throw new ApiAbort(422, { titre: 'missing field' });
    const titre = body.titre;
    delete body.titre;
    // `re.match` on something not a string raises TypeError: a 500 (reading).
    if (typeof titre !== 'string')
      return { status: 500, body: internalErrorBody('expected string or bytes-like object') };
    if (!/^[a-zA-Z0-9_\-.]+$/.test(titre)) {
      throw new ApiAbort(422, { titre: 'string contains forbidden characters' });
    }
    const mime = detectMime(titre);
    if (mime === undefined) throw new ApiAbort(422, { titre: 'unknown file type' });
    const take = (key: string): unknown => {
      const value = body[key];
      delete body[key];
      return value;
    };
    const multipart = take('multipart');
    const lienDonnee = take('lien_donnee');
    const lienParticipation = take('lien_participation');
    const lienProtocole = take('lien_protocole');
    const asyncProcess = take('_async_process');
    const proprietaire =
      user.role === 'Administrateur' && 'proprietaire' in body ? take('proprietaire') : user._id;
    // Everything else, `mime` and a non-admin's `proprietaire` included (facts §2).
    const unknown = Object.keys(body);
    if (unknown.length > 0) {
      throw new ApiAbort(422, Object.fromEntries(unknown.map((k) => [k, 'unknown field'])));
    }
    if (needsDonneeName(mime) && validateDonneeName(titre) === undefined) {
      throw new ApiAbort(422, { titre: `invalid name ${titre}` });
    }
    const folder = folderOfMime(mime);
    const text = (value: unknown): string | undefined =>
      pythonTruthy(value) ? String(value) : undefined;
    const participation = text(lienParticipation);
    const s3Id =
      participation === undefined ? `${folder}${titre}` : `${folder}pa-${participation}/${titre}`;
    const draft = (multipartId?: string): FichierDoc => ({
      _id: world.newId(),
      titre,
      mime,
      proprietaire: String(proprietaire),
      disponible: false,
      s3_id: s3Id,
      ...(multipartId === undefined ? {} : { s3_upload_multipart_id: multipartId }),
      ...(text(asyncProcess) === undefined ? {} : { _async_process: String(asyncProcess) }),
      ...(text(lienDonnee) === undefined ? {} : { lien_donnee: String(lienDonnee) }),
      ...(participation === undefined ? {} : { lien_participation: participation }),
      ...(text(lienProtocole) === undefined ? {} : { lien_protocole: String(lienProtocole) }),
      ...world.stamps(),
    });
    // The duplicate check: by `s3_id`, whoever the owner (facts §5).
    const existing = (): FichierDoc | undefined =>
      [...world.fichiers.values()].find((f) => f.s3_id === s3Id);
    const insertOrResume = (doc: FichierDoc): { doc: FichierDoc; inserted: boolean } => {
      const found = existing();
      if (found?.disponible === true) throw new ApiAbort(409, 'upload is already done');
      if (found !== undefined) return { doc: found, inserted: false };
      validateRelations(doc);
      world.fichiers.set(doc._id, doc);
      return { doc, inserted: true };
    };
    if (pythonTruthy(multipart)) {
      // The portal initiates on S3 BEFORE its duplicate check: a retried multipart create leaves
      // an orphaned upload (facts §5).
      const initiated = await s3Call('POST', s3Id, mime, 'uploads');
      const xml = await initiated.text();
      if (initiated.status !== 200) {
        throw new ApiAbort(500, 'S3 has rejected file creation request');
      }
      const uploadId = /<UploadId>(.+)<\/UploadId>/.exec(xml)?.[1] ?? '';
      const { doc, inserted } = insertOrResume(draft(uploadId));
      return { status: 201, body: world.fichierJson(doc, inserted ? 'inserted' : 'read') };
    }
    const { doc, inserted } = insertOrResume(draft());
    // Signed afresh on every call, never stored (facts §2, §5).
    return {
      status: 201,
      body: {
        ...world.fichierJson(doc, inserted ? 'inserted' : 'read'),
        s3_signed_url: sign('PUT', s3Id, mime),
      },
    };
  };

  /** `GET /fichiers/<id>` (`display_fichier`, reading): the stored document as is. */
  const displayFichier: Handler = (request, [id = '']) => {
    const user = authenticate(request, 'Observateur');
    const doc = fichierOr404(id);
    checkFichierRead(user, doc);
    return { status: 200, body: world.fichierJson(doc, 'read') };
  };

  /** `POST /fichiers/<id>`: finalize (facts §2). Never looks at S3 for a single part. */
  const finalize: Handler = async (request, [id = '']) => {
    const user = authenticate(request, 'Observateur');
    const doc = fichierOr404(id);
    if (user.role !== 'Administrateur' && doc.proprietaire !== user._id) throw new ApiAbort(403);
    if (doc.disponible) throw new ApiAbort(409, 'upload is already done');
    if (doc.s3_upload_multipart_id !== undefined) {
      const body = payload(request);
      if (!('parts' in body)) throw new ApiAbort(422, 'missing field parts');
      let xml = '<CompleteMultipartUpload>';
      for (const part of Array.isArray(body.parts) ? (body.parts as unknown[]) : []) {
        const keys = typeof part === 'object' && part !== null ? Object.keys(part).sort() : [];
        if (keys.join(',') !== 'etag,part_number') throw new ApiAbort(422, 'invalid parts list');
        const p = part as { part_number: unknown; etag: unknown };
        xml += `<Part><PartNumber>${String(p.part_number)}</PartNumber><ETag>${String(p.etag)}</ETag></Part>`;
      }
      xml += '</CompleteMultipartUpload>';
      const completed = await s3Call(
        'POST',
        doc.s3_id,
        'application/xml; charset=UTF-8',
        `uploadId=${doc.s3_upload_multipart_id}`,
        xml,
      );
      await completed.text();
      // A RuntimeError in the portal: a 500 whose JSON has no `_errors` (make_json_error).
      if (completed.status !== 200) {
        return {
          status: 500,
          body: internalErrorBody(`Error with S3: on ... error ${completed.status}`),
        };
      }
    }
    doc.disponible = true;
    world.touch(doc);
    return { status: 200, body: world.fichierJson(doc, 'read') };
  };

  /** `DELETE /fichiers/<id>` (facts §2): the owner cancels an unfinished upload. */
  const cancel: Handler = async (request, [id = '']) => {
    const user = authenticate(request, 'Observateur');
    const doc = fichierOr404(id);
    if (doc.proprietaire !== user._id) throw new ApiAbort(403);
    if (doc.disponible) throw new ApiAbort(422, 'cannot cancel file once upload is done');
    if (doc.s3_upload_multipart_id !== undefined) {
      const aborted = await s3Call(
        'DELETE',
        doc.s3_id,
        '',
        `uploadId=${doc.s3_upload_multipart_id}`,
      );
      await aborted.text();
      if (aborted.status !== 204) {
        return { status: 500, body: internalErrorBody('S3 has rejected file creation request') };
      }
    }
    world.fichiers.delete(doc._id);
    return { status: 204 };
  };

  /** `PUT /fichiers/<id>/multipart` (facts §2): a part's signed URL, Content-Type signed empty. */
  const partUrl: Handler = (request, [id = '']) => {
    const user = authenticate(request, 'Observateur');
    const body = payload(request);
    const partNumber = body.part_number;
    delete body.part_number;
    const unknown = Object.keys(body);
    if (unknown.length > 0) {
      throw new ApiAbort(422, Object.fromEntries(unknown.map((k) => [k, 'unknown field'])));
    }
    if (!pythonTruthy(partNumber)) throw new ApiAbort(422, { part_number: 'missing field' });
    const doc = fichierOr404(id);
    if (doc.proprietaire !== user._id) throw new ApiAbort(403);
    if (doc.s3_upload_multipart_id === undefined) throw new ApiAbort(422, 'not a multipart');
    const signHead = `partNumber=${String(partNumber)}&uploadId=${doc.s3_upload_multipart_id}`;
    return { status: 200, body: { s3_signed_url: sign('PUT', doc.s3_id, '', signHead) } };
  };

  /** `GET /fichiers/<id>/acces[?redirection=...]` (facts §2). */
  const access: Handler = (request, [id = '']) => {
    const user = authenticate(request, 'Observateur');
    const doc = fichierOr404(id);
    checkFichierRead(user, doc);
    if (!doc.disponible) throw new ApiAbort(410, 'file is not available');
    const url = sign('GET', doc.s3_id);
    // `request.args.get('redirection', False)`: any non-empty value redirects, "false" too.
    if ((request.query.get('redirection') ?? '') !== '') {
      return { status: 302, headers: { location: url }, html: `<a href="${url}">${url}</a>` };
    }
    return { status: 200, body: { s3_signed_url: url } };
  };

  /** `GET /participations/<id>/pieces_jointes` (reading): the participation's files, paged. */
  const piecesJointes: Handler = (request, [id = '']) => {
    const user = authenticate(request, 'Observateur');
    const participation = participationOr404(id);
    checkParticipationRead(user, participation);
    const filters: Record<string, readonly string[]> = {
      ta: ALLOWED_MIMES_TA,
      tc: ALLOWED_MIMES_TC,
      wav: ALLOWED_MIMES_WAV,
      photos: ALLOWED_MIMES_PHOTOS,
      processing_extra: ALLOWED_MIMES_PROCESSING_EXTRA,
    };
    const errors: Record<string, string> = {};
    const wanted: string[] = [];
    for (const [param, mimes] of Object.entries(filters)) {
      const value = request.query.get(param);
      if (value === null) continue;
      if (value.toLowerCase() === 'true') wanted.push(...mimes);
      // The `false` branch of `get_pieces_jointes` indexes `$in` it never made: a KeyError.
      else if (value.toLowerCase() === 'false') {
        return { status: 500, body: internalErrorBody("'$in'") };
      } else errors[param] = "bad value, should be <class 'bool'>";
    }
    if (Object.keys(errors).length > 0) throw new ApiAbort(422, errors);
    const files = [...world.fichiers.values()].filter(
      (f) => f.lien_participation === id && (wanted.length === 0 || wanted.includes(f.mime)),
    );
    return paginate(request, files, (f) => world.fichierJson(f, 'listed'));
  };

  const omitted = ['protocole', 'messages', 'logs', 'bilan'];

  /** `GET /moi/participations` (reading). */
  const myParticipations: Handler = (request) => {
    const user = authenticate(request, 'Observateur');
    const mine = [...world.participations.values()].filter((p) => p.observateur === user._id);
    return paginate(request, mine, (p) =>
      world.participationJson(p, { omit: ['observateur', ...omitted], expand: ['site'] }),
    );
  };

  /** `GET /sites/<id>/participations` (reading): no check of the site nor of who asks. */
  const siteParticipations: Handler = (request, [siteId = '']) => {
    authenticate(request, 'Observateur');
    const ofSite = [...world.participations.values()].filter((p) => p.site === siteId);
    return paginate(request, ofSite, (p) =>
      world.participationJson(p, { omit: ['site', ...omitted], expand: ['observateur'] }),
    );
  };

  /** `GET /participations/<id>` (reading). */
  const displayParticipation: Handler = (request, [id = '']) => {
    authenticate(request, 'Observateur');
    const doc = participationOr404(id);
    return {
      status: 200,
      body: world.participationJson(doc, { expand: ['observateur', 'site', 'protocole'] }),
    };
  };

  /** `POST /sites/<id>/participations` (facts §2; checks and messages from the source, reading). */
  const createParticipation: Handler = (request, [siteId = '']) => {
    const user = authenticate(request, 'Observateur');
    const body = payload(request, {
      date_debut: false,
      date_fin: false,
      commentaire: false,
      meteo: false,
      configuration: false,
      point: false,
    });
    const site = world.sites.get(siteId);
    if (site === undefined) throw new ApiAbort(422, { site: 'no site with this id' });
    const joined = user.protocoles.find((p) => p.protocole === site.protocole);
    if (joined === undefined) throw new ApiAbort(422, 'not registered to protocole');
    if (!joined.valide) throw new ApiAbort(422, 'protocole registration not yet validated');
    const errors: Record<string, unknown> = {};
    const date = (field: string): number | undefined => {
      const value = body[field];
      if (value === undefined || value === null) return undefined;
      const ms = typeof value === 'string' ? parseRfc1123(value) : undefined;
      if (ms === undefined) errors[field] = 'must be of datetime type';
      return ms;
    };
    const dateDebut = date('date_debut');
    if (body.date_debut === undefined) errors.date_debut = 'required field';
    const dateFin = date('date_fin');
    for (const field of ['commentaire', 'point']) {
      if (body[field] !== undefined && body[field] !== null && typeof body[field] !== 'string') {
        errors[field] = 'must be of string type';
      }
    }
    const meteo = body.meteo;
    if (meteo !== undefined && meteo !== null) {
      if (typeof meteo !== 'object' || Array.isArray(meteo)) errors.meteo = 'must be of dict type';
      else {
        const known = ['temperature_debut', 'temperature_fin', 'vent', 'couverture'];
        for (const key of Object.keys(meteo)) {
          if (!known.includes(key)) errors[`meteo.${key}`] = 'unknown field';
        }
      }
    }
    const configuration = body.configuration;
    if (configuration !== undefined && configuration !== null) {
      if (typeof configuration !== 'object' || Array.isArray(configuration)) {
        errors.configuration = 'must be of dict type';
      } else {
        for (const [key, value] of Object.entries(configuration)) {
          if (typeof value !== 'string') errors[`configuration.${key}`] = 'must be of string type';
        }
      }
    }
    if (Object.keys(errors).length > 0 || dateDebut === undefined) {
      throw new ApiAbort(422, errors);
    }
    const doc: ParticipationDoc = {
      _id: world.newId(),
      observateur: user._id,
      protocole: site.protocole,
      site: site._id,
      date_debut: dateDebut,
      ...(dateFin === undefined ? {} : { date_fin: dateFin }),
      ...(typeof body.point === 'string' ? { point: body.point } : {}),
      ...(typeof body.commentaire === 'string' ? { commentaire: body.commentaire } : {}),
      ...(meteo !== undefined && meteo !== null
        ? { meteo: meteo as Readonly<Record<string, unknown>> }
        : {}),
      ...(configuration !== undefined && configuration !== null
        ? { configuration: configuration as Readonly<Record<string, string>> }
        : {}),
      ...world.stamps(),
    };
    world.participations.set(doc._id, doc);
    return { status: 201, body: world.participationJson(doc, { inserted: true }) };
  };

  /** `POST /participations/<id>/compute` (facts §2): 400 while a run is planned or running < 1 day. */
  const compute: Handler = (request, [id = '']) => {
    const user = authenticate(request, 'Observateur');
    const doc = participationOr404(id);
    if (user.role !== 'Administrateur' && user._id !== doc.observateur) throw new ApiAbort(403);
    const etat: Etat | undefined = doc.traitement?.etat;
    if (etat === 'EN_COURS' || etat === 'PLANIFIE') {
      const now = world.now();
      const recent = (at: number | undefined): boolean => at !== undefined && now - at < DAY_MS;
      if (recent(doc.traitement?.date_debut) || recent(doc.traitement?.date_planification)) {
        throw new ApiAbort(400, { etat: `Already ${etat}` });
      }
    }
    doc.traitement = { etat: 'PLANIFIE', date_planification: world.now() };
    world.touch(doc);
    return { status: 200, body: {} };
  };

  /**
   * `/login/google` and `/login/facebook` stand in for the OAuth dance: a page naming the users,
   * each a link that signs in as that user and redirects to `{FRONTEND_DOMAIN}/#/?token=<32
   * [A-Z0-9]>` as `login` does (facts §1).
   */
  const login: Handler = (request) => {
    const as = request.query.get('as');
    if (as !== null && world.users.has(as)) {
      const token = world.issueToken(as);
      return { status: 302, headers: { location: `${deps.frontendDomain}/#/?token=${token}` } };
    }
    const links = [...world.users.values()]
      .map(
        (u) =>
          `<li><a href="?as=${u._id}" data-user="${u.pseudo}">Se connecter en tant que ${u.pseudo}</a></li>`,
      )
      .join('');
    return {
      status: 200,
      html:
        '<!doctype html><html lang="fr"><meta charset="utf-8"><title>Vigie-Chiro (stand-in)</title>' +
        `<h1>Connexion (stand-in de /login/google)</h1><ul>${links}</ul></html>`,
    };
  };

  /** `POST /logout` (reading): the token is removed. */
  const logout: Handler = (request) => {
    authenticate(request);
    const [, info = ''] = (request.headers.authorization ?? '').trim().split(/\s+/, 2);
    const token = Buffer.from(info, 'base64').toString('utf8').split(':')[0] ?? '';
    for (const user of world.users.values()) user.tokens.delete(token);
    return { status: 200, body: { _status: 'Disconnected' } };
  };

  const route = (method: string, path: string, handler: Handler): Route => ({
    method,
    path: new RegExp(`^${path}$`),
    handler,
  });
  return [
    route('GET', '/login/(?:google|facebook)', login),
    route('POST', '/logout', logout),
    route('POST', '/fichiers', createFichier),
    route('GET', `/fichiers/${ID}`, displayFichier),
    route('POST', `/fichiers/${ID}`, finalize),
    route('DELETE', `/fichiers/${ID}`, cancel),
    route('PUT', `/fichiers/${ID}/multipart`, partUrl),
    route('GET', `/fichiers/${ID}/acces`, access),
    route('GET', `/participations/${ID}/pieces_jointes`, piecesJointes),
    route('GET', '/moi/participations', myParticipations),
    route('GET', `/sites/${ID}/participations`, siteParticipations),
    route('POST', `/sites/${ID}/participations`, createParticipation),
    route('GET', `/participations/${ID}`, displayParticipation),
    route('POST', `/participations/${ID}/compute`, compute),
  ];
};
