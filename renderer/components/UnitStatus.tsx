import type { UnitActivity, UnitState } from '../../shared/domain/UnitState';
import { useLanguage } from '../i18n/useLanguage';
import type { NightNow } from '../live/rowStatusOf';
import { unitStatusShown } from '../live/unitStatusShown';
import { useDepotStore } from '../store/useDepotStore';

/**
 * A unit's state in words with a symbol, under what its night goes through now (what is said
 * of each case is `unitStatusShown`).
 */
export const UnitStatus = ({
  state,
  activity,
  night,
  wrongAddress = false,
}: {
  readonly state: UnitState;
  readonly activity: UnitActivity;
  /** What the night goes through now: its rows never contradict it (issue 31). */
  readonly night: NightNow;
  /** The night's address is wrong: what its files met there is that, not a server's answer. */
  readonly wrongAddress?: boolean;
}) => {
  const { t, locale } = useLanguage();
  const now = useDepotStore((s) => s.now);
  const shown = unitStatusShown({ state, activity }, night, wrongAddress, now, t, locale);
  return (
    <span
      className={shown.tone === '' ? 'unit-status' : `unit-status ${shown.tone}`}
      data-status={shown.status}
    >
      <span aria-hidden="true">{shown.symbol}</span> {shown.text}
    </span>
  );
};
