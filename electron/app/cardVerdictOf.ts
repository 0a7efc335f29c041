import { cardVerdict, isRecording } from '../../shared/ways/cardVerdict';
import type { CardRecording } from '../../shared/ways/cardVerdict';
import type { CardLeftView, CardVerdictView } from '../../shared/ipc/views';
import { ScanError } from '../scan/ScanError';
import type { CheckedFolder } from './CheckedFolder';
import type { EnginePort } from './EnginePort';

const EXAMPLES = 3;

/**
 * "Vous pouvez réutiliser la carte", or what is left and where (issue 31): the night's card read
 * again (every file on it, those the analysis left out included), each recording looked for in
 * every night of this Depot that holds it, verified or not.
 */
export const cardVerdictOf = async (
  engine: EnginePort,
  planId: number,
  read: (dir: string) => Promise<CheckedFolder>,
): Promise<CardVerdictView> => {
  const summary = engine.planSummary(planId);
  if (summary === undefined) return { kind: 'card-away', dir: '' };
  let checked: CheckedFolder;
  try {
    checked = await read(summary.dir);
  } catch (error) {
    if (error instanceof ScanError) return { kind: 'card-away', dir: summary.dir };
    throw error;
  }
  const files = checked.scan.files.filter((f) => isRecording(f.relPath));
  const nightOf = new Map<string, string>();
  for (const n of checked.byNight(files.map((f) => f.relPath)))
    for (const p of n.relPaths) nightOf.set(p, n.night);
  const verifiedIn = new Map<number, Set<string>>();
  const verifiedOf = (id: number): Set<string> => {
    let done = verifiedIn.get(id);
    if (done === undefined) {
      const units = engine.listUnits(id, { offset: 0, limit: 1_000_000, filter: 'done' }).units;
      // Deposited but not readable back with this key is not verified (ADR 0028): not free yet.
      done = new Set(
        units
          .filter((u) => !(u.state.kind === 'done' && u.state.unverifiable === true))
          .map((u) => u.relPath),
      );
      verifiedIn.set(id, done);
    }
    return done;
  };
  const recordings: CardRecording[] = files.map((f) => ({
    relPath: f.relPath,
    night: nightOf.get(f.relPath) ?? null,
    deposits: [...new Set(engine.plansHolding(f))].map((id) => ({
      planId: String(id),
      verified: verifiedOf(id).has(f.relPath),
    })),
  }));
  const verdict = cardVerdict(recordings);
  if (verdict.kind === 'reusable') return verdict;
  const left = verdict.left.map((l): CardLeftView => {
    const examples = l.files.slice(0, EXAMPLES);
    if (l.kind !== 'not-verified')
      return l.kind === 'only-on-card'
        ? { kind: l.kind, files: l.files.length, examples }
        : { kind: l.kind, night: l.night, files: l.files.length };
    const plan = engine.planSummary(Number(l.planId));
    const night = plan?.metadata['night'];
    return {
      kind: 'not-verified',
      planId: l.planId,
      night: typeof night === 'string' ? night : null,
      destination:
        plan === undefined
          ? { endpoint: '', bucket: '', prefix: '' }
          : { endpoint: plan.endpoint, bucket: plan.bucket, prefix: plan.prefix },
      files: l.files.length,
      examples,
    };
  });
  return { kind: 'not-yet', recordings: verdict.recordings, verified: verdict.verified, left };
};
