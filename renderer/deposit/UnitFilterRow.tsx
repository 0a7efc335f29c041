import type { PlanView, UnitFilter } from '../../shared/ipc/views';
import { useT } from '../i18n/useT';
import { useDepotStore } from '../store/useDepotStore';

const filters: readonly UnitFilter[] = ['all', 'active', 'pending', 'done', 'failed'];

/** Which files the table shows, and the way to "Échecs" when some failed. */
export const UnitFilterRow = ({
  plan,
  filter,
  onFilter,
}: {
  readonly plan: PlanView;
  readonly filter: UnitFilter;
  readonly onFilter: (filter: UnitFilter) => void;
}) => {
  const t = useT();
  const go = useDepotStore((s) => s.go);
  return (
    <div className="row">
      <label>
        {t('current.filter')}{' '}
        <select value={filter} onChange={(e) => onFilter(e.target.value as UnitFilter)}>
          {filters.map((f) => (
            <option key={f} value={f}>
              {t(`current.filter.${f}`)}
            </option>
          ))}
        </select>
      </label>
      {plan.unitsFailed > 0 && (plan.running || plan.state !== 'needs-attention') && (
        <button type="button" onClick={() => go('failures')}>
          {t('current.seeFailures', { count: plan.unitsFailed })}
        </button>
      )}
    </div>
  );
};
