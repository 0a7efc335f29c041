import type { Locale, PreflightView } from '../../shared/ipc/views';
import { formatBytes } from '../format/formatBytes';
import { formatNight } from '../format/formatNight';
import { useLanguage } from '../i18n/useLanguage';
import type { ReactNode } from 'react';

/** `ven. 12 juin 2026 21:00 → sam. 13 juin 2026 05:56`, as the recorder's clock said. */
const spanText = (span: { first: string; last: string }, locale: Locale): string => {
  const side = (wall: string): string =>
    `${formatNight(wall.slice(0, 10), locale)} ${wall.slice(11, 16)}`;
  return `${side(span.first)} → ${side(span.last)}`;
};

/**
 * The analysis of the card: its files, size, nights, clock and recorders; `children` add where
 * it goes and the names it takes.
 */
export const AnalysisFacts = ({
  report,
  analyses,
  children,
}: {
  readonly report: PreflightView;
  readonly analyses: number;
  readonly children: ReactNode;
}) => {
  const { t, locale } = useLanguage();
  return (
    <dl className="facts" data-testid="preflight" data-analysis={analyses}>
      <dt>{t('new.files')}</dt>
      <dd>{report.files}</dd>
      <dt>{t('new.totalSize')}</dt>
      <dd>{formatBytes(report.totalBytes, locale)}</dd>
      <dt>{t('new.skippedJunk')}</dt>
      <dd>{report.skippedJunk}</dd>
      <dt>{t('new.nights')}</dt>
      <dd>
        {report.nights.map((n) => `${formatNight(n.night, locale)} (${n.files})`).join(', ') || '—'}
      </dd>
      <dt>{t('new.timeZone')}</dt>
      <dd>{report.timeZone ?? '—'}</dd>
      <dt>{t('new.span')}</dt>
      <dd data-testid="span">{report.span == null ? '—' : spanText(report.span, locale)}</dd>
      {report.recorders !== undefined && report.recorders.length > 1 ? (
        <>
          <dt>{t('new.recorders')}</dt>
          <dd data-testid="recorders">
            {report.recorders.map((r) => (
              <div key={r}>{r}</div>
            ))}
          </dd>
        </>
      ) : (
        <>
          <dt>{t('new.recorder')}</dt>
          <dd>{report.recorder ?? '—'}</dd>
        </>
      )}
      {children}
    </dl>
  );
};
