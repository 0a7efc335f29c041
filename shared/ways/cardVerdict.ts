/**
 * Whether a card can be cleared (issue 31): only when every recording on it, of every night and
 * every file (those the analysis left out included), is verified on the server by some deposit.
 * Otherwise what is left, and where: whole nights not deposited, files a deposit still has to
 * verify, and recordings no deposit holds (only on the card).
 */

/** A recording on the card, and the deposits that hold it (by path, size and time). */
export type CardRecording = {
  readonly relPath: string;
  /** Its night, as the recordings' own dates say; null when it carries none. */
  readonly night: string | null;
  readonly deposits: readonly { readonly planId: string; readonly verified: boolean }[];
};

export type CardLeft =
  | {
      readonly kind: 'night-not-deposited';
      readonly night: string | null;
      readonly files: readonly string[];
    }
  | { readonly kind: 'not-verified'; readonly planId: string; readonly files: readonly string[] }
  | { readonly kind: 'only-on-card'; readonly files: readonly string[] };

export type CardVerdict =
  | { readonly kind: 'reusable'; readonly recordings: number }
  | {
      readonly kind: 'not-yet';
      readonly recordings: number;
      readonly verified: number;
      readonly left: readonly CardLeft[];
    };

const push = <K, V>(map: Map<K, V[]>, key: K, value: V): void => {
  const list = map.get(key);
  if (list === undefined) map.set(key, [value]);
  else list.push(value);
};

export const cardVerdict = (recordings: readonly CardRecording[]): CardVerdict => {
  const nightHasDeposit = new Set<string | null>();
  for (const r of recordings) if (r.deposits.length > 0) nightHasDeposit.add(r.night);
  const notDeposited = new Map<string | null, string[]>();
  const unverified = new Map<string, string[]>();
  const onlyOnCard: string[] = [];
  let verified = 0;
  for (const r of recordings) {
    if (r.deposits.some((d) => d.verified)) verified += 1;
    else if (r.deposits.length > 0) push(unverified, r.deposits[0]?.planId ?? '', r.relPath);
    else if (nightHasDeposit.has(r.night)) onlyOnCard.push(r.relPath);
    else push(notDeposited, r.night, r.relPath);
  }
  if (verified === recordings.length) return { kind: 'reusable', recordings: recordings.length };
  const left: CardLeft[] = [
    ...[...notDeposited].map(([night, files]) => ({
      kind: 'night-not-deposited' as const,
      night,
      files,
    })),
    ...[...unverified].map(([planId, files]) => ({ kind: 'not-verified' as const, planId, files })),
    ...(onlyOnCard.length === 0 ? [] : [{ kind: 'only-on-card' as const, files: onlyOnCard }]),
  ];
  return { kind: 'not-yet', recordings: recordings.length, verified, left };
};

/** What counts as a recording on a card: a WAV file (the recorders' logs and settings do not). */
export const isRecording = (relPath: string): boolean => /\.wav$/i.test(relPath);
