import { z } from 'zod';
import type { Participation } from '../Participation';
import { fromPortalDate } from './portalDate';

export type { Participation } from '../Participation';

/*
 * The parts of the Vigie-Chiro API's answers Depot reads (facts §2, §5; listings read from
 * `participations.py` and `xin/snippets.py`). Anything else in them is ignored, so a document that
 * comes back with its relations expanded (a retried create, a finalize) reads the same as one
 * just inserted.
 */

const id = z.string().min(1);

/** `POST /fichiers`, single part: the document and the URL to PUT to. */
export const declaredFichierSchema = z.object({
  _id: id,
  mime: z.string().min(1),
  s3_signed_url: z.string().min(1),
});

/** One item of `GET /participations/<id>/pieces_jointes`. */
export const listedFichierSchema = z.object({
  _id: id,
  titre: z.string(),
  disponible: z.boolean().optional(),
});

/** `GET /fichiers/<id>/acces`. */
export const accessSchema = z.object({ s3_signed_url: z.string().min(1) });

/** A page of any listing (`Paginator.make_response`). */
export const pageSchema = z.object({
  _items: z.array(z.unknown()),
  _meta: z.object({ total: z.number().int().nonnegative() }),
});

/** A relation is an id, or the related document when the API expanded it. */
const relationId = z.union([id, z.object({ _id: id }).transform((d) => d._id)]);

export const participationSchema = z.object({
  _id: id,
  site: relationId.optional(),
  date_debut: z.string(),
  date_fin: z.string().optional(),
  point: z.string().optional(),
  commentaire: z.string().optional(),
  traitement: z.object({ etat: z.string() }).optional(),
});

/** The Participation of a parsed document, undefined when its dates are not the API's. */
export const participationOf = (
  doc: z.infer<typeof participationSchema>,
): Participation | undefined => {
  const startsAt = fromPortalDate(doc.date_debut);
  if (startsAt === undefined) return undefined;
  const endsAt = doc.date_fin === undefined ? undefined : fromPortalDate(doc.date_fin);
  return {
    id: doc._id,
    ...(doc.site === undefined ? {} : { siteId: doc.site }),
    startsAt,
    ...(endsAt === undefined ? {} : { endsAt }),
    ...(doc.point === undefined ? {} : { point: doc.point }),
    ...(doc.commentaire === undefined ? {} : { comment: doc.commentaire }),
    ...(doc.traitement === undefined ? {} : { processing: doc.traitement.etat }),
  };
};

/** The error body (`make_json_error`): `_errors` when there is one. */
export const errorBodySchema = z.object({ _errors: z.unknown().optional() });
