import type { RequestMatcher } from '../faultRules';

const ID = '[0-9a-fA-F]{24}';

/**
 * The portal's requests by their shape on the wire, for the fault proxy (`s3Request`'s twin): in
 * front of the stand-in for the API calls, in front of radosgw for the signed URLs.
 */
export const portalRequest = {
  declare: { method: 'POST', path: /\/fichiers$/ },
  finalize: { method: 'POST', path: new RegExp(`/fichiers/${ID}$`) },
  cancel: { method: 'DELETE', path: new RegExp(`/fichiers/${ID}$`) },
  access: { method: 'GET', path: new RegExp(`/fichiers/${ID}/acces$`) },
  listFiles: { method: 'GET', path: new RegExp(`/participations/${ID}/pieces_jointes$`) },
  compute: { method: 'POST', path: new RegExp(`/participations/${ID}/compute$`) },
  listParticipations: { method: 'GET', path: /\/participations$/ },
  createParticipation: { method: 'POST', path: new RegExp(`/sites/${ID}/participations$`) },
  /** A PUT through a SigV2 query-signed URL. */
  signedPut: { method: 'PUT', has: ['Signature', 'Expires'] },
  signedGet: { method: 'GET', has: ['Signature', 'Expires'] },
} as const satisfies Record<string, RequestMatcher>;
