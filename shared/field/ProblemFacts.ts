import type { VigieChiroNameProblem } from '../portal/vigiechiro/vigieChiroNameProblem';

/** What a problem's message names: sizes, other files, the programme's name and its rules. */
export type ProblemFacts = {
  readonly declaredDataBytes?: number;
  readonly dataBytes?: number;
  readonly original?: string;
  readonly nights?: readonly string[];
  readonly recorders?: readonly string[];
  readonly reason?: string;
  /** A programme name: the one the file would take, and what made it impossible or refused. */
  readonly name?: string;
  readonly pattern?: string;
  readonly placeholder?: string;
  readonly value?: string;
  /** The other files that would take the same name. */
  readonly others?: readonly string[];
  /** For names that take the same key: the other names on the card. */
  readonly sameKeyAs?: readonly string[];
  /** What the portal's own rules say of a name. */
  readonly portalRule?: VigieChiroNameProblem;
  /** A file's size, and the most the portal takes. */
  readonly bytes?: number;
  readonly limit?: number;
};
