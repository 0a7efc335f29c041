import { useVirtualizer } from '@tanstack/react-virtual';
import { useEffect, useRef } from 'react';
import type { UnitFilter, UnitView } from '../../shared/ipc/views';
import { formatBytes } from '../format/formatBytes';
import { formatPercent } from '../format/formatPercent';
import { middleCut } from '../format/middleCut';
import { useT } from '../i18n/useT';
import { useDepotStore } from '../store/useDepotStore';
import { PAGE, rowAt } from '../live/UnitRows';
import type { NightNow } from '../live/rowStatusOf';
import { ProgressBar } from './ProgressBar';
import { UnitStatus } from './UnitStatus';

/** What fits the file column at 1024 px; the full name stays in the tooltip. */
const PATH_CHARS = 44;
const ROW_HEIGHT = 34;

type Props = {
  readonly planId: string;
  readonly filter: UnitFilter;
  /** What the night goes through now: its rows never contradict it (issue 31). */
  readonly night: NightNow;
  /** The night's address is wrong: its files' failures are that, not the server's (issue 31). */
  readonly wrongAddress?: boolean;
};

/**
 * Thousands of units, only the visible rows in the DOM. Their pages are read when first shown;
 * then the store applies the engine's pushed events to them, and reads them again at most every
 * 5 s as a repair (ADR 0037).
 */
export const UnitTable = ({ planId, filter, night, wrongAddress = false }: Props) => {
  const t = useT();
  const rows = useDepotStore((s) => s.rows);
  const showRows = useDepotStore((s) => s.showRows);
  const hideRows = useDepotStore((s) => s.hideRows);
  const shown = rows !== null && rows.planId === planId && rows.filter === filter ? rows : null;
  const total = shown?.total ?? 0;
  const scrollRef = useRef<HTMLDivElement>(null);

  const virtualizer = useVirtualizer({
    count: total,
    getScrollElement: () => scrollRef.current,
    estimateSize: () => ROW_HEIGHT,
    overscan: 12,
  });
  const items = virtualizer.getVirtualItems();
  const first = items[0]?.index ?? 0;
  const last = items[items.length - 1]?.index ?? 0;

  useEffect(() => {
    scrollRef.current?.scrollTo({ top: 0 });
  }, [planId, filter]);

  useEffect(() => hideRows, [hideRows]);

  // The pages on screen: read once each; the store keeps them afterwards.
  useEffect(() => {
    showRows(planId, filter, Math.floor(first / PAGE), Math.floor(last / PAGE));
  }, [planId, filter, first, last, showRows]);

  const unitAt = (index: number): UnitView | undefined => rowAt(shown, index);

  return (
    <div className="unit-table" role="table" aria-rowcount={total} data-testid="units">
      <div className="unit-row unit-head" role="row">
        <span role="columnheader">{t('current.col.file')}</span>
        <span role="columnheader">{t('current.col.state')}</span>
        <span role="columnheader">{t('current.col.size')}</span>
        <span role="columnheader">{t('current.col.progress')}</span>
      </div>
      <div ref={scrollRef} className="unit-scroll" tabIndex={0} aria-label={t('current.title')}>
        <div style={{ height: virtualizer.getTotalSize(), position: 'relative' }}>
          {items.map((item) => {
            const unit = unitAt(item.index);
            return (
              <div
                key={item.key}
                className="unit-row"
                role="row"
                aria-rowindex={item.index + 2}
                data-unit={unit?.relPath}
                style={{ position: 'absolute', top: 0, transform: `translateY(${item.start}px)` }}
              >
                {unit === undefined ? (
                  <span role="cell">…</span>
                ) : (
                  <UnitCells unit={unit} night={night} wrongAddress={wrongAddress} />
                )}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
};

/** One file's row: its name cut in the middle, its status, size and acknowledged bytes. */
const UnitCells = ({
  unit,
  night,
  wrongAddress,
}: {
  readonly unit: UnitView;
  readonly night: NightNow;
  readonly wrongAddress: boolean;
}) => {
  const locale = useDepotStore((s) => s.locale);
  return (
    <>
      <span role="cell" className="path" title={unit.relPath}>
        {middleCut(unit.relPath, PATH_CHARS)}
      </span>
      <span role="cell">
        <UnitStatus
          state={unit.state}
          activity={unit.activity}
          night={night}
          wrongAddress={wrongAddress}
        />
      </span>
      <span role="cell">{formatBytes(unit.size, locale)}</span>
      <span role="cell" className="progress-cell">
        <ProgressBar
          value={unit.bytesAcked}
          max={unit.size}
          label={formatPercent(unit.bytesAcked, unit.size, locale)}
        />
      </span>
    </>
  );
};
