import type { ScanResult } from '../../shared/field/ScanResult';
import type { CardDepositView } from '../../shared/ipc/views';
import type { EnginePort } from './EnginePort';
import type { PlanViews } from './PlanViews';

const text = (metadata: Readonly<Record<string, unknown>>, key: string): string | null => {
  const value = metadata[key];
  return typeof value === 'string' && value !== '' ? value : null;
};

/** How many files of the scan each night holds (by path, size and time), by night. */
export const holdersOf = (engine: EnginePort, scan: ScanResult): Map<number, number> => {
  const held = new Map<number, number>();
  for (const file of scan.files)
    for (const planId of new Set(engine.plansHolding(file)))
      held.set(planId, (held.get(planId) ?? 0) + 1);
  return held;
};

/**
 * The nights that already deposit (or deposited) files of an analysed folder, wherever the card
 * was mounted then: one card, one deposit (issue 31), said before a second one starts.
 */
export const cardDeposits = (
  engine: EnginePort,
  views: PlanViews,
  scan: ScanResult,
): CardDepositView[] =>
  [...holdersOf(engine, scan)].flatMap(([planId, files]) => {
    const summary = engine.planSummary(planId);
    if (summary === undefined) return [];
    const view = views.view(summary);
    return [
      {
        planId: view.id,
        night: view.night,
        destination: { endpoint: view.endpoint, bucket: view.bucket, prefix: view.prefix },
        state: view.state,
        createdAt: view.createdAt,
        completedAt: view.completedAt,
        files,
        site: text(summary.metadata, 'site'),
        point: text(summary.metadata, 'point'),
        fields: summary.programme?.fields ?? null,
      },
    ];
  });
