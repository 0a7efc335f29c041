import type { ProfileProblem } from '../programme/ProfileProblem';
import type { LocalizedText } from './views';

/**
 * Why a call was refused, as a code and its parameters: the interface says it in the volunteer's
 * language (renderer/i18n `reason.*`). The envelope's `message` stays English for logs only.
 */
export type ErrorReason =
  | { readonly kind: 'storage-incomplete' }
  | { readonly kind: 'folder-missing'; readonly dir: string }
  | { readonly kind: 'not-a-folder'; readonly dir: string }
  | { readonly kind: 'folder-unreadable'; readonly dir: string }
  | { readonly kind: 'nothing-to-deposit'; readonly dir: string }
  | { readonly kind: 'files-block'; readonly count: number }
  | { readonly kind: 'sources-changed'; readonly count: number }
  | { readonly kind: 'held-elsewhere'; readonly pid: number; readonly host: string }
  | { readonly kind: 'already-running' }
  /** A night is forgotten only when nothing deposits it: pause it first. */
  | { readonly kind: 'night-depositing' }
  | { readonly kind: 'prefix-invalid' }
  | { readonly kind: 'no-such-plan' }
  | { readonly kind: 'engine-unreachable' }
  /** A row of the plan database no Depot wrote: the message (logs) names it. */
  | { readonly kind: 'database-damaged' }
  /** A programme profile refused: nothing changed. */
  | { readonly kind: 'programme-invalid'; readonly problem: ProfileProblem }
  | { readonly kind: 'programme-unreadable'; readonly path: string }
  /** A programme's field left empty or not matching its pattern. */
  | {
      readonly kind: 'field-invalid';
      readonly field: string;
      readonly label: LocalizedText;
      readonly pattern: string;
    }
  /**
   * Another night already deposits (or deposited) this card elsewhere (issue 31): one card, one
   * deposit, unless the volunteer explicitly asks for a copy.
   */
  | {
      readonly kind: 'card-deposited';
      readonly planId: string;
      readonly destination: string;
      readonly state: string;
    }
  /** Another night of the same folder already goes to that destination. */
  | { readonly kind: 'destination-taken'; readonly planId: string }
  /** The night is being taken off the server: nothing else can be asked of it. */
  | { readonly kind: 'being-removed' }
  /** The file has no conflict to settle any more, or the rule finds no free name. */
  | { readonly kind: 'not-settleable' }
  /** The server could not be asked now (network, refusal): nothing was decided. */
  | { readonly kind: 'server-unanswered'; readonly status?: number }
  /** Naming the files again needs the card's recordings: it is not readable now. */
  | { readonly kind: 'card-away'; readonly dir: string }
  /** The folder's night was created with other names: it keeps them. */
  | { readonly kind: 'names-changed'; readonly count: number; readonly example: string }
  /** The programme in use names no portal (ADR 0032). */
  | { readonly kind: 'portal-not-in-use' }
  /** The portal does not take the sign-in (expired, revoked, or none): sign in again. */
  | { readonly kind: 'portal-signed-out' }
  /** What was given holds no token (neither one, nor an address ending in `#/?token=...`). */
  | { readonly kind: 'portal-token-unreadable' }
  /** The portal refused the request, with its own words. */
  | {
      readonly kind: 'portal-refused';
      readonly status: number;
      readonly code: string;
      readonly detail: string | null;
    }
  /** The portal could not be reached in time (asked again, nothing is done twice). */
  | { readonly kind: 'portal-unreachable' }
  /** The site has several participations of the night: the volunteer picks one (ADR 0032). */
  | { readonly kind: 'participation-ambiguous'; readonly count: number }
  /** A portal night goes into a participation: pick one or create one. */
  | { readonly kind: 'participation-needed' }
  /** A participation is one night: pick the night. */
  | { readonly kind: 'portal-one-night' }
  /** The night's recordings carry no time with its zone: its dates cannot be told. */
  | { readonly kind: 'night-dates-unknown'; readonly night: string }
  /** "Lancer l'analyse" before the night is complete on the portal. */
  | { readonly kind: 'night-not-complete' };

export type ErrorReasonKind = ErrorReason['kind'];
