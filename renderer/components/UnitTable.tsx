import { useVirtualizer } from '@tanstack/react-virtual';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { UnitFilter, UnitView } from '../../shared/ipc/views';
import { formatBytes } from '../format/formatBytes';
import { formatPercent } from '../format/formatPercent';
import { middleCut } from '../format/middleCut';
import { useT } from '../i18n/useT';
import { useDepotStore } from '../store/useDepotStore';
import { ProgressBar } from './ProgressBar';
import { UnitStatus } from './UnitStatus';

const PAGE = 200;
/** What fits the file column at 1024 px; the full name stays in the tooltip. */
const PATH_CHARS = 44;
const ROW_HEIGHT = 34;

type Props = {
  readonly planId: string;
  readonly filter: UnitFilter;
  readonly serverDown?: boolean;
  /** The night's address is wrong: its files' failures are that, not the server's (issue 31). */
  readonly wrongAddress?: boolean;
};

/**
 * Thousands of units, only the visible rows in the DOM; rows are fetched by page and the visible
 * pages are refreshed each second and on every unit event.
 */
export const UnitTable = ({ planId, filter, serverDown = false, wrongAddress = false }: Props) => {
  const t = useT();
  const locale = useDepotStore((s) => s.locale);
  const api = useDepotStore((s) => s.api);
  const now = useDepotStore((s) => s.now);
  const unitsVersion = useDepotStore((s) => s.unitsVersion);
  const [total, setTotal] = useState(0);
  const [pages, setPages] = useState<ReadonlyMap<number, readonly UnitView[]>>(new Map());
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

  const load = useCallback(
    async (page: number): Promise<void> => {
      if (api === undefined) return;
      const result = await api.units.list({ planId, offset: page * PAGE, limit: PAGE, filter });
      if (!result.ok) return;
      setTotal(result.value.total);
      setPages((old) => new Map(old).set(page, result.value.units));
    },
    [api, planId, filter],
  );

  useEffect(() => {
    setPages(new Map());
    setTotal(0);
    scrollRef.current?.scrollTo({ top: 0 });
  }, [planId, filter]);

  // Refresh the visible pages on each tick and each unit event (cheap: at most two pages).
  useEffect(() => {
    const from = Math.floor(first / PAGE);
    const to = Math.floor(last / PAGE);
    for (let page = from; page <= to; page++) void load(page);
  }, [first, last, load, unitsVersion, Math.floor(now / 1000)]);

  const unitAt = (index: number): UnitView | undefined =>
    pages.get(Math.floor(index / PAGE))?.[index % PAGE];

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
                  <>
                    <span role="cell" className="path" title={unit.relPath}>
                      {middleCut(unit.relPath, PATH_CHARS)}
                    </span>
                    <span role="cell">
                      <UnitStatus
                        state={unit.state}
                        activity={unit.activity}
                        serverDown={serverDown}
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
                )}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
};
