import type { EmissionOptions, ObjectRead } from '../../shared/ports/ObjectStore';
import type { Page } from '../../shared/wire/PagedListing';
import type {
  Confirmed,
  Declared,
  Portal,
  PortalBody,
  PortalFile,
  PortalFileInput,
  PortalAnswer,
  PortalParticipations,
  ProcessingStarted,
  ReadTarget,
  UploadTarget,
} from '../../shared/ports/Portal';
import {
  accessSchema,
  declaredFichierSchema,
  listedFichierSchema,
  participationOf,
  participationSchema,
} from '../../shared/portal/vigiechiro/apiDocuments';
import type { NewParticipation, Participation } from '../../shared/portal/Participation';
import { toPortalDate } from '../../shared/portal/vigiechiro/portalDate';
import { endpointOfUrl, signedUrlExpiry } from '../../shared/portal/vigiechiro/signedUrlExpiry';
import { success, type Outcome } from '../../shared/retry/Outcome';
import { IncompleteAnswer } from '../s3/IncompleteAnswer';
import { apiErrorsOf, evidenceOf, isSuccess } from './apiAnswer';
import { apiPath } from './apiPath';
import { httpExchange } from './httpExchange';
import type { HttpAnswer } from './httpExchange';
import { VigieChiroApi } from './VigieChiroApi';

export type { VigieChiroPortalOptions } from './VigieChiroPortalOptions';
export type { NewParticipation } from '../../shared/portal/Participation';

/**
 * 409 with the API's own errors is the one conflict of `POST /fichiers` and its finalizing: "upload
 * is already done" (facts §2, §5), an answer.
 */
const alreadyDone = (
  answer: HttpAnswer,
): Outcome<{ readonly kind: 'already-done'; readonly answer: PortalAnswer }> | undefined => {
  const api = apiErrorsOf(answer);
  return answer.status === 409 && api !== undefined
    ? success({ kind: 'already-done', answer: evidenceOf(answer, api.errors) })
    : undefined;
};

/**
 * The Vigie-Chiro portal (facts: ../shared/programmes/vigiechiro-api.md) on `node:http(s)`: the
 * token as the HTTP Basic user with an empty password, JSON to the API, the bytes PUT to the
 * SigV2 URL the API signed, with exactly the Content-Type it signed and nothing else it would
 * have to sign. Exactly one emission per call, classified once into an Outcome (DESIGN
 * principles 1-2, 6); the API's 4xx reasons kept as data (`code` from its `_errors`, the words in
 * `detail`). Retrying is the policy's job.
 */
export class VigieChiroPortal extends VigieChiroApi implements Portal, PortalParticipations {
  /**
   * Whether the API answers now, on a new connection (the breaker's probe): the smallest listing
   * there is. Any answer but a struggling one says the API is there; a 401 is an answer.
   */
  probe(options: EmissionOptions): Promise<Outcome<void>> {
    for (const agent of [this.http.agents.http, this.http.agents.https]) {
      for (const sockets of Object.values(agent.freeSockets)) {
        for (const socket of sockets ?? []) socket.destroy();
      }
    }
    return this.call(
      options,
      { method: 'GET', path: '/moi/participations?max_results=1' },
      this.acknowledged,
    );
  }

  checkRoute(): Promise<Outcome<void>> {
    return this.route();
  }

  /**
   * `POST /fichiers` with the keys the API pops (`titre`, `multipart: false` as the front sends,
   * `lien_participation`) and no other: any other key, `mime` included, is 422 (facts §2).
   */
  declare(input: PortalFileInput, options: EmissionOptions): Promise<Outcome<Declared>> {
    return this.call<Declared>(
      options,
      {
        method: 'POST',
        path: '/fichiers',
        json: {
          titre: input.name,
          multipart: false,
          lien_participation: input.collectionId,
        },
      },
      (answer) => {
        if (isSuccess(answer.status)) {
          const doc = this.document(answer, declaredFichierSchema, 'the file and its signed URL');
          const expiresAt = signedUrlExpiry(doc.s3_signed_url);
          const upload: UploadTarget = {
            url: doc.s3_signed_url,
            // Signed as `content_type = mime` (facts §3): the PUT must carry exactly this.
            headers: { 'content-type': doc.mime },
            endpoint: endpointOfUrl(doc.s3_signed_url),
            ...(expiresAt === undefined ? {} : { expiresAt }),
          };
          return success({ kind: 'declared', fileId: doc._id, upload });
        }
        return alreadyDone(answer) ?? this.refusal(answer);
      },
    );
  }

  /**
   * The PUT to the signed URL: a body of known length (in memory, or read from its source slice by
   * slice), paced by the bandwidth cap, the signed headers exactly, no Content-MD5 (not signed:
   * radosgw answers 403). The ETag is the storage's MD5 of the bytes.
   */
  putBytes(
    input: { readonly upload: UploadTarget; readonly body: PortalBody },
    options: EmissionOptions,
  ): Promise<Outcome<{ readonly etag: string }>> {
    const { body } = input;
    return this.emit(options, async (e) => {
      const answer = await httpExchange(
        {
          method: 'PUT',
          url: new URL(input.upload.url),
          headers: { ...input.upload.headers },
          body: body.kind === 'bytes' ? body.bytes : { size: body.size, open: () => body.open() },
          maxAnswerBytes: 64 * 1024,
          ...(options.pace === undefined ? {} : { pace: options.pace }),
        },
        e,
        this.http,
      );
      if (!isSuccess(answer.status)) return this.storageRefusal(answer);
      const etag = answer.headers.etag;
      if (etag === undefined || etag === '') throw new IncompleteAnswer('ETag');
      return success({ etag });
    });
  }

  /** `POST /fichiers/<id>`: finalize. 409 "upload is already done" is an answer (facts §2). */
  confirm(
    input: { readonly fileId: string },
    options: EmissionOptions,
  ): Promise<Outcome<Confirmed>> {
    return this.call<Confirmed>(
      options,
      { method: 'POST', path: apiPath`/fichiers/${input.fileId}` },
      (answer) => {
        if (isSuccess(answer.status)) return success({ kind: 'confirmed' });
        return alreadyDone(answer) ?? this.refusal(answer);
      },
    );
  }

  /** One page of `GET /participations/<id>/pieces_jointes` (the front reads only the first). */
  listFilesPage(
    input: { readonly collectionId: string; readonly page?: number | undefined },
    options: EmissionOptions,
  ): Promise<Outcome<Page<PortalFile, number>>> {
    return this.emit(options, (e) =>
      this.onePage(
        e,
        apiPath`/participations/${input.collectionId}/pieces_jointes`,
        input.page ?? 1,
        (raw) => {
          const parsed = listedFichierSchema.safeParse(raw);
          return parsed.success
            ? {
                fileId: parsed.data._id,
                name: parsed.data.titre,
                available: parsed.data.disponible === true,
              }
            : undefined;
        },
      ),
    );
  }

  /** `GET /fichiers/<id>/acces`: a signed GET URL, or 410 "file is not available" (an answer). */
  readTarget(
    input: { readonly fileId: string },
    options: EmissionOptions,
  ): Promise<Outcome<ReadTarget>> {
    return this.call<ReadTarget>(
      options,
      { method: 'GET', path: apiPath`/fichiers/${input.fileId}/acces` },
      (answer) => {
        if (isSuccess(answer.status)) {
          const { s3_signed_url: url } = this.document(answer, accessSchema, 'a signed URL');
          return success({ kind: 'readable', url, endpoint: endpointOfUrl(url) });
        }
        if (answer.status === 410 && apiErrorsOf(answer) !== undefined) {
          return success({ kind: 'not-available' });
        }
        return this.refusal(answer);
      },
    );
  }

  /** The bytes behind a signed GET URL (no credentials of ours: the URL is the credential). */
  readBytes(
    input: { readonly url: string; readonly maxBytes: number },
    options: EmissionOptions,
  ): Promise<Outcome<ObjectRead>> {
    return this.emit(options, async (e): Promise<Outcome<ObjectRead>> => {
      const answer = await httpExchange(
        { method: 'GET', url: new URL(input.url), headers: {}, maxAnswerBytes: input.maxBytes },
        e,
        this.http,
      );
      if (isSuccess(answer.status)) {
        return success(
          answer.tooLarge === undefined
            ? { kind: 'bytes', bytes: answer.body }
            : { kind: 'too-large', size: answer.tooLarge },
        );
      }
      if (answer.status === 404) return success({ kind: 'absent' });
      return this.storageRefusal(answer);
    });
  }

  /**
   * `POST /participations/<id>/compute` with `{}`: 400 `{etat: 'Already ...'}` within a day of the
   * last run is an answer (facts §2), told by the shape of `_errors`, not its words.
   */
  startProcessing(
    input: { readonly collectionId: string },
    options: EmissionOptions,
  ): Promise<Outcome<ProcessingStarted>> {
    return this.call<ProcessingStarted>(
      options,
      {
        method: 'POST',
        path: apiPath`/participations/${input.collectionId}/compute`,
        json: {},
      },
      (answer) => {
        if (isSuccess(answer.status)) return success({ kind: 'started' });
        const api = apiErrorsOf(answer);
        const errors = api?.errors;
        if (
          answer.status === 400 &&
          typeof errors === 'object' &&
          errors !== null &&
          typeof (errors as Record<string, unknown>).etat === 'string'
        ) {
          return success({ kind: 'already-planned', answer: evidenceOf(answer, errors) });
        }
        return this.refusal(answer);
      },
    );
  }

  /** `DELETE /fichiers/<id>`: withdraws an unfinished declaration (204). */
  cancel(input: { readonly fileId: string }, options: EmissionOptions): Promise<Outcome<void>> {
    return this.call(
      options,
      { method: 'DELETE', path: apiPath`/fichiers/${input.fileId}` },
      this.acknowledged,
    );
  }

  /**
   * One page of a site's participations (`GET /sites/<id>/participations`), or of the volunteer's
   * own (`GET /moi/participations`) when no site is given.
   */
  listParticipationsPage(
    input: { readonly siteId?: string; readonly page?: number | undefined },
    options: EmissionOptions,
  ): Promise<Outcome<Page<Participation, number>>> {
    const path =
      input.siteId === undefined
        ? '/moi/participations'
        : apiPath`/sites/${input.siteId}/participations`;
    return this.emit(options, (e) =>
      this.onePage(e, path, input.page ?? 1, (raw) => {
        const parsed = participationSchema.safeParse(raw);
        const participation = parsed.success ? participationOf(parsed.data) : undefined;
        if (participation === undefined || input.siteId === undefined) return participation;
        return { ...participation, siteId: input.siteId };
      }),
    );
  }

  /**
   * `POST /sites/<id>/participations` with the night's dates (RFC 1123, as the front sends them)
   * and the point. Not replay-safe: each create makes another (`portalCallRules`).
   */
  createParticipation(
    input: NewParticipation,
    options: EmissionOptions,
  ): Promise<Outcome<Participation>> {
    return this.call(
      options,
      {
        method: 'POST',
        path: apiPath`/sites/${input.siteId}/participations`,
        json: {
          date_debut: toPortalDate(input.startsAt),
          ...(input.endsAt === undefined ? {} : { date_fin: toPortalDate(input.endsAt) }),
          ...(input.point === undefined ? {} : { point: input.point }),
          ...(input.comment === undefined ? {} : { commentaire: input.comment }),
        },
      },
      (answer) => {
        if (!isSuccess(answer.status)) return this.refusal(answer);
        const participation = participationOf(
          this.document(answer, participationSchema, 'the participation'),
        );
        if (participation === undefined) throw new IncompleteAnswer('the participation');
        return success({ ...participation, siteId: input.siteId });
      },
    );
  }
}
