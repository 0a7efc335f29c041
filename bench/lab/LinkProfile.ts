import type { LinkSettings } from './LinkSettings';

/** One scheduled loss of the link, in seconds from the start of a tool's run. */
export type Cut = {
  readonly atS: number;
  readonly downS: number;
  readonly kind: 'cut' | 'outage';
  /** Every open connection is killed when the link comes back (a phone that changed cell). */
  readonly resetAfter: boolean;
};

export type LinkProfile = {
  readonly name: 'mild' | 'harsh';
  readonly settings: LinkSettings;
  readonly description: string;
  /** The seeded schedule, the same for every tool of one run. */
  readonly cuts: readonly Cut[];
};
