import type { Failure } from '../retry/Outcome';
import type { ProfileName } from '../retry/RetryCall';

/**
 * How the engine calls each portal method through the retry policy (ADR 0029): the profile, and
 * whether a failed attempt that may have acted can be sent again as it is. Data, so the engine's
 * wiring and the ADR read the same table.
 */
export type PortalCallRule = {
  readonly profile: ProfileName;
  /** `true`: replaying a possibly-acted attempt is what the server's documented behaviour allows. */
  readonly replaySafe: boolean;
  readonly why: string;
};

export const portalCallRules = {
  declare: {
    profile: 'brief',
    replaySafe: true,
    why:
      'a create of a name already declared and not finished returns the same document with a ' +
      'fresh URL; finished, 409 (facts §5)',
  },
  putBytes: {
    profile: 'insistent',
    replaySafe: true,
    why:
      'a PUT of the same bytes to the same key replaces them; a 403 (URL expired or refused) is ' +
      'answered by declaring again, never by replaying the dead URL',
  },
  confirm: {
    profile: 'brief',
    replaySafe: true,
    why: 'a second finalize answers 409 "upload is already done": success',
  },
  listFiles: { profile: 'brief', replaySafe: true, why: 'a read' },
  readTarget: { profile: 'brief', replaySafe: true, why: 'a read (a fresh URL each time)' },
  readBytes: { profile: 'insistent', replaySafe: true, why: 'a read of the bytes: someone waits' },
  startProcessing: {
    profile: 'brief',
    replaySafe: true,
    why: 'a second compute within a day answers 400 {etat: "Already PLANIFIE"}: success',
  },
  cancel: { profile: 'brief', replaySafe: true, why: 'a second DELETE answers 404: gone' },
  probe: { profile: 'brief', replaySafe: true, why: 'a read' },
  createParticipation: {
    profile: 'brief',
    replaySafe: false,
    why:
      "each create makes another participation: the site's participations are listed before " +
      "any create and after one that may have acted; one of the night is taken, two are the volunteer's to pick",
  },
} as const satisfies Record<string, PortalCallRule>;

export type PortalCallName = keyof typeof portalCallRules;

/**
 * Whether a PUT's failure means its signed URL is dead (expired, or refused for its signature):
 * S3 answers 403 to both (radosgw: AccessDenied past Expires, SignatureDoesNotMatch for another
 * Content-Type). The remedy is a fresh URL from a new declaration, never a replay.
 */
export const needsFreshUpload = (failure: Failure): boolean =>
  failure.kind === 'refused' && failure.status === 403;
