import type { PlanState } from '../../shared/ipc/views';
import { useT } from '../i18n/useT';
import { engineSilent, useDepotStore } from '../store/useDepotStore';

// A symbol with every colour, so the state never depends on colour alone.
const symbols: Readonly<Record<PlanState | 'unknown', string>> = {
  unknown: '?',
  'server-unavailable': '⚠',
  planned: '○',
  running: '▶',
  paused: '‖',
  'waiting-network': '⌁',
  'waiting-card': '⏏',
  removing: '⌫',
  deferred: '◷',
  done: '✓',
  'needs-attention': '!',
  stopped: '■',
};

/** While the engine does not answer, a night's last known state may be stale: say "unknown". */
export const PlanStateBadge = ({ state }: { readonly state: PlanState }) => {
  const t = useT();
  // A frozen engine's last word may be stale: "unknown", as when it is gone (issue 31).
  const connected = useDepotStore((s) => s.connected && !engineSilent(s));
  if (!connected) {
    return (
      <span className="badge badge-unknown" data-state="unknown">
        <span aria-hidden="true">{symbols.unknown}</span> {t('state.unknown')}
      </span>
    );
  }
  return (
    <span className={`badge badge-${state}`} data-state={state}>
      <span aria-hidden="true">{symbols[state]}</span> {t(`state.${state}`)}
    </span>
  );
};
