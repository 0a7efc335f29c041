import { useEffect, useRef } from 'react';
import type { SourceChangeView } from '../../shared/ipc/views';
import { formatNight } from '../format/formatNight';
import { useLanguage } from '../i18n/useLanguage';

/** The folder changed since it was planned: what changed, then "Déposer les changements". */
export const ChangesToDeposit = ({
  changes,
  several,
  starting,
  disabled,
  onDeposit,
}: {
  readonly changes: readonly SourceChangeView[];
  readonly several: boolean;
  readonly starting: boolean;
  readonly disabled: boolean;
  readonly onDeposit: () => void;
}) => {
  const { t, locale } = useLanguage();
  const shown = useRef<HTMLElement>(null);
  useEffect(() => {
    // Said after "Déposer", at the bottom of a long summary: its button brought into view.
    shown.current?.scrollIntoView?.({ block: 'nearest' });
  }, []);
  return (
    <section ref={shown} aria-labelledby="changes-title" data-testid="changes">
      <h3 id="changes-title">{t('new.changed', { count: changes.length })}</h3>
      <ul className="issues">
        {changes.slice(0, 50).map((c) => (
          <li key={`${c.night}:${c.relPath}`} data-change={c.change}>
            <strong>{t(`new.change.${c.change}`)}</strong> · <code>{c.relPath}</code>
            {several && ` (${formatNight(c.night, locale)})`}
            {c.change === 'removed' &&
              ` ${t(c.onServer === true ? 'new.change.removedOnServer' : 'new.change.removedNotSent')}`}
            {c.change !== 'removed' && c.onServer === true && ` ${t('new.change.changedOnServer')}`}
          </li>
        ))}
      </ul>
      {changes.length > 50 && <p>{t('new.changedMore', { count: changes.length - 50 })}</p>}
      <p>{t('new.changedExplain')}</p>
      <button type="button" className="primary" disabled={disabled} onClick={onDeposit}>
        {starting ? t('new.starting') : t('new.depositChanges')}
      </button>
    </section>
  );
};
