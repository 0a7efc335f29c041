/**
 * A night date typed by hand that the recordings' own dates contradict (issue 31): the typed
 * night, and the night(s) the files say. Undefined when they agree, when nothing was typed, or
 * when no recording carries a date (then only the volunteer knows).
 */
export type NightContradiction = {
  readonly typed: string;
  readonly recorded: readonly string[];
};

export const nightContradiction = (
  typed: string,
  recordedNights: readonly string[],
): NightContradiction | undefined => {
  if (typed === '' || recordedNights.length === 0) return undefined;
  if (recordedNights.includes(typed)) return undefined;
  return { typed, recorded: [...recordedNights].sort() };
};
