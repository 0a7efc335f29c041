import type { PrefixTemplateProblem } from '../field/prefixTemplateProblem';

/** A rule a profile's value breaks, named so each language can say it. */
export type ValueRule =
  'url' | 'bucket' | 'field-name' | 'time-zone' | 'concurrency' | 'bandwidth' | 'text';

/** What is wrong with the shape of a prefix or object-name template. */
export type TemplateProblem =
  | Exclude<PrefixTemplateProblem, { readonly kind: 'unknown-placeholder' }>
  | { readonly kind: 'empty' }
  | { readonly kind: 'trailing-slash' }
  | { readonly kind: 'bad-modifier'; readonly modifier: string }
  /** Names under `.depot/` are the nights' manifests' own. */
  | { readonly kind: 'depot-folder' }
  /** A portal places each file itself: its profile names no folder (ADR 0032). */
  | { readonly kind: 'portal-folder' };

/**
 * Why a profile is refused: one problem, the first found, each said in one line (English for the
 * command line: `profileProblemText`; fr/en in the app's locale files under `programme.problem.*`).
 * `at` is where in the file (`fields[1].pattern`).
 */
export type ProfileProblem =
  | { readonly kind: 'not-json'; readonly detail: string }
  | { readonly kind: 'too-large'; readonly maxBytes: number }
  | { readonly kind: 'not-a-profile' }
  | { readonly kind: 'unknown-version'; readonly version: string }
  | { readonly kind: 'unknown-destination'; readonly destination: string }
  | { readonly kind: 'missing'; readonly at: string }
  | { readonly kind: 'unknown-key'; readonly at: string }
  | { readonly kind: 'wrong-type'; readonly at: string; readonly expected: string }
  | {
      readonly kind: 'bad-value';
      readonly at: string;
      readonly value: string;
      readonly rule: ValueRule;
    }
  | {
      readonly kind: 'bad-pattern';
      readonly at: string;
      readonly pattern: string;
      readonly detail: string;
    }
  | {
      readonly kind: 'unknown-placeholder';
      readonly at: string;
      readonly placeholder: string;
      readonly known: readonly string[];
    }
  | {
      readonly kind: 'bad-template';
      readonly at: string;
      readonly template: string;
      readonly problem: TemplateProblem;
    }
  | { readonly kind: 'reserved-field'; readonly at: string; readonly name: string }
  | { readonly kind: 'duplicate-field'; readonly at: string; readonly name: string };

export type ProfileProblemKind = ProfileProblem['kind'];
