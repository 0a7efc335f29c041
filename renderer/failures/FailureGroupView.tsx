import { useState } from 'react';
import type { FailureCause } from '../../shared/domain/FailureCause';
import { ConflictPanel } from '../components/ConflictPanel';
import { formatBytes } from '../format/formatBytes';
import { useLanguage } from '../i18n/useLanguage';
import { useDepotStore } from '../store/useDepotStore';
import { causeDetail } from './causeDetail';
import { causeTitle, causeTodo } from './causeKeys';
import type { FailureGroup } from './groupFailures';

/** Causes whose facts differ file by file (sizes of a conflict, the code a key was refused with). */
const perFile = (kind: FailureCause['kind']): boolean => kind === 'conflict' || kind === 'auth';
const fixedInSettings = (kind: FailureCause['kind']): boolean =>
  kind === 'auth' || kind === 'denied' || kind === 'bucket-missing' || kind === 'certificate';

/** A conflict is settled file by file, once both sides are seen (issue 31). */
const settleable = (kind: FailureCause['kind']): boolean =>
  kind === 'conflict' || kind === 'unproven';

/**
 * The files that failed for one cause: the cause, what to do, each file (with its own facts
 * where they differ), and the comparison of the one whose conflict is being settled.
 */
export const FailureGroupView = ({
  group,
  planId,
  onSettled,
}: {
  readonly group: FailureGroup;
  readonly planId: string;
  readonly onSettled: (text: string) => void;
}) => {
  const { t, locale } = useLanguage();
  const go = useDepotStore((s) => s.go);
  const detail = causeDetail(group.cause, t, locale);
  const [open, setOpen] = useState<string | null>(null);
  return (
    <article className="failure-group" data-cause={group.cause.kind}>
      <h3>
        <span aria-hidden="true">✗ </span>
        {causeTitle(group.cause, t)} — {t('failures.count', { count: group.failures.length })}
      </h3>
      {detail !== null && !perFile(group.cause.kind) && <p className="quiet">{detail}</p>}
      <p>
        <strong>{t('failures.whatToDo')}</strong> {causeTodo(group.cause, t)}{' '}
        {fixedInSettings(group.cause.kind) && (
          <button type="button" onClick={() => go('settings')}>
            {t('blocker.fix')}
          </button>
        )}
      </p>
      <ul>
        {group.failures.slice(0, 200).map((f) => (
          <li key={f.unitId} data-unit={f.relPath}>
            <code>{f.relPath}</code> · {formatBytes(f.size, locale)}
            {perFile(f.cause.kind) && <> · {causeDetail(f.cause, t, locale)}</>}
            {settleable(f.cause.kind) && (
              <>
                {' '}
                <button type="button" data-action="compare" onClick={() => setOpen(f.unitId)}>
                  {t('conflict.compare')}
                </button>
              </>
            )}
          </li>
        ))}
      </ul>
      {/* Below the list, which scrolls: both sides and both choices always in view. */}
      {open !== null && (
        <section
          className="conflict-of"
          data-unit={group.failures.find((f) => f.unitId === open)?.relPath}
        >
          <h4>
            <code>{group.failures.find((f) => f.unitId === open)?.relPath}</code>
          </h4>
          <ConflictPanel
            key={open}
            planId={planId}
            unitId={open}
            onSettled={(text) => {
              setOpen(null);
              onSettled(text);
            }}
          />
        </section>
      )}
    </article>
  );
};
