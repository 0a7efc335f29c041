import { useEffect, useState } from 'react';
import type { FailureView, RetryFailuresResult } from '../../shared/ipc/views';
import type { FailureCause } from '../../shared/domain/FailureCause';
import { BlockerNotice } from '../components/BlockerNotice';
import { ConflictPanel } from '../components/ConflictPanel';
import { causeDetail } from '../failures/causeDetail';
import { causeTitle, causeTodo } from '../failures/causeKeys';
import { groupFailures } from '../failures/groupFailures';
import type { FailureGroup } from '../failures/groupFailures';
import { formatBytes } from '../format/formatBytes';
import { useT } from '../i18n/useT';
import type { MessageKey } from '../i18n/fr';
import { useCurrentPlan, useDepotStore } from '../store/useDepotStore';
import { planLabel } from '../format/planLabel';

/** Causes whose facts differ file by file (sizes of a conflict, the code a key was refused with). */
const perFile = (kind: FailureCause['kind']): boolean => kind === 'conflict' || kind === 'auth';
const fixedInSettings = (kind: FailureCause['kind']): boolean =>
  kind === 'auth' || kind === 'denied' || kind === 'bucket-missing' || kind === 'certificate';

/** A conflict is settled file by file, once both sides are seen (issue 31). */
const settleable = (kind: FailureCause['kind']): boolean =>
  kind === 'conflict' || kind === 'unproven';

const Group = ({
  group,
  planId,
  onSettled,
}: {
  readonly group: FailureGroup;
  readonly planId: string;
  readonly onSettled: (text: string) => void;
}) => {
  const t = useT();
  const locale = useDepotStore((s) => s.locale);
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

const Section = ({
  title,
  groups,
  testId,
  planId,
  onSettled,
}: {
  readonly title: MessageKey;
  readonly groups: readonly FailureGroup[];
  readonly testId: string;
  readonly planId: string;
  readonly onSettled: (text: string) => void;
}) => {
  const t = useT();
  if (groups.length === 0) return null;
  return (
    <section data-testid={testId}>
      <h2>{t(title)}</h2>
      {groups.map((g) => (
        <Group key={g.key} group={g} planId={planId} onSettled={onSettled} />
      ))}
    </section>
  );
};

export const FailuresScreen = () => {
  const t = useT();
  const locale = useDepotStore((s) => s.locale);
  const api = useDepotStore((s) => s.api);
  const refreshPlans = useDepotStore((s) => s.refreshPlans);
  const plan = useCurrentPlan();
  const [failures, setFailures] = useState<readonly FailureView[]>([]);
  const [outcome, setOutcome] = useState<RetryFailuresResult | null>(null);
  const [settled, setSettled] = useState<string | null>(null);
  const planId = plan?.id;
  // Read again when the night's count of failures moves (pushed), not on every file's event.
  const failedCount = plan?.unitsFailed;

  useEffect(() => {
    if (api === undefined || planId === undefined) return;
    let live = true;
    void api.units.failures({ planId }).then((r) => {
      if (live && r.ok) setFailures(r.value);
    });
    return () => {
      live = false;
    };
  }, [api, planId, failedCount]);

  if (plan === undefined || api === undefined) {
    return (
      <section aria-labelledby="failures-title">
        <h1 id="failures-title">{t('failures.title')}</h1>
        <p>{t('current.none')}</p>
      </section>
    );
  }
  const grouped = groupFailures(failures);
  const retry = async (): Promise<void> => {
    const result = await api.units.retryFailures({ planId: plan.id });
    if (result.ok) setOutcome(result.value);
    const again = await api.units.failures({ planId: plan.id });
    if (again.ok) setFailures(again.value);
    await refreshPlans();
  };
  return (
    <section aria-labelledby="failures-title">
      <h1 id="failures-title">
        {t('failures.title')} · {planLabel(plan, locale)}
      </h1>
      <BlockerNotice plan={plan} />
      {failures.length === 0 && plan.blocker === null && <p>{t('failures.none')}</p>}
      {(grouped.retryableCount > 0 || outcome !== null) && (
        <div className="row">
          <button
            type="button"
            className="primary"
            onClick={() => void retry()}
            disabled={grouped.retryableCount === 0}
            aria-describedby="retry-hint"
          >
            {t('failures.retry')} ({grouped.retryableCount})
          </button>
          <small id="retry-hint">{t('failures.retryHint')}</small>
        </div>
      )}
      {outcome !== null && (
        <p role="status" data-testid="retry-outcome">
          {t('failures.requeued', { requeued: outcome.requeued, definitive: outcome.definitive })}
        </p>
      )}
      {settled !== null && (
        <p role="status" className="note" data-testid="settled">
          {settled}
        </p>
      )}
      <Section
        title="failures.retryable"
        groups={grouped.retryable}
        testId="failures-retryable"
        planId={plan.id}
        onSettled={setSettled}
      />
      <Section
        title="failures.needsCredentials"
        groups={grouped.needsCredentials}
        testId="failures-credentials"
        planId={plan.id}
        onSettled={setSettled}
      />
      <Section
        title="failures.definitive"
        groups={grouped.definitive}
        testId="failures-definitive"
        planId={plan.id}
        onSettled={setSettled}
      />
    </section>
  );
};
